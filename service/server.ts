/** `npm run serve`: the reference service alone on 127.0.0.1:3000 (PORT), store from DATABASE_URL or DATABASE_PATH, proxies believed per TRUST_PROXY. */
import { buildApp } from './app.js';
import { describeTrustProxy, servicePort, trustProxyOrExit } from './config.js';
import { describeStore, openStoreOrExit } from './store/open.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

const trustProxy = trustProxyOrExit('serve');
const store = await openStoreOrExit('serve');
// Webhook deliveries run in this process, beside (never inside) request handling.
const dispatcher = new WebhookDispatcher({ store, log: process.env.LOG === 'off' ? undefined : (line) => console.log(line) }).start();
const app = await buildApp({ store, trustProxy, onEvents: () => dispatcher.notify(), logger: process.env.LOG !== 'off', onUnimplemented: (ids) => console.warn(`operations without a handler (501): ${ids.join(', ')}`) });
const address = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: servicePort() });
console.log(`service: ${address} (database ${describeStore()}; ${describeTrustProxy(trustProxy)})`);
const stop = async () => {
  await app.close();
  await dispatcher.stop();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
