/** `npm run serve`: the reference service alone on 127.0.0.1:3000 (PORT), store from DATABASE_URL or DATABASE_PATH, proxies believed per TRUST_PROXY (serve.ts). */
import { serveFromEnvironment } from './serve.js';

await serveFromEnvironment('serve');
