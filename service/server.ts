/** `npm run serve`: the reference service alone on 127.0.0.1:3000 (PORT), store at DATABASE_PATH. */
import { buildApp } from './app.js';
import { databasePath, servicePort } from './config.js';
import { SqliteStore } from './store/sqlite.js';

const store = new SqliteStore(databasePath());
const app = await buildApp({ store, logger: process.env.LOG !== 'off', onUnimplemented: (ids) => console.warn(`operations without a handler (501): ${ids.join(', ')}`) });
const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: servicePort() });
console.log(`service: ${address} (database ${databasePath()})`);
const stop = async () => {
  await app.close();
  store.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
