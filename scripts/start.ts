/**
 * `npm start`, the main job: lint the specs, regenerate, build the docs, then serve the reference
 * service, the docs page and the Prism mock until Ctrl-C, printing their URLs. On first run
 * (no keys in the database) it creates a sandbox secret key and prints it once.
 */
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { writeDashboardUi } from './lib/dashboard-ui.js';
import { buildDocs, DOCS_FILE } from './lib/docs.js';
import { formatFinding, lintSpec } from './lib/lint.js';
import { startMock, type RunningMock } from './lib/mock.js';
import { exitIfPortsTaken, stopOnSignal } from './lib/processes.js';
import { configuredDocuments, generate, regenerateCommand } from '../generators/pipeline.js';
import { servicePort, trustProxyOrExit } from '../service/config.js';
import { createKey, MINTABLE_SCOPES } from '../service/keys.js';
import { startService } from '../service/start-service.js';
import { describeStore, openStoreOrExit } from '../service/store/open.js';

const HOST = '127.0.0.1';
const mockPort = Number(process.env.MOCK_PORT ?? 4010);
const trustProxy = trustProxyOrExit('start'); // a refused TRUST_PROXY stops here, before the slow steps
const docsPort = Number(process.env.DOCS_PORT ?? 8080);
await exitIfPortsTaken('start', HOST, [
  { port: servicePort(), variable: 'PORT' },
  { port: docsPort, variable: 'DOCS_PORT' },
  { port: mockPort, variable: 'MOCK_PORT' },
]);

// Every document the repository generates from: the public API's and the dashboard's.
const DOCUMENTS = await configuredDocuments();
const { findings, errors } = await lintSpec(DOCUMENTS.map((document) => document.spec));
findings.forEach((finding) => console.log(formatFinding(finding)));
console.log(`lint: ${errors} error(s), ${findings.length - errors} other finding(s)`);
if (errors > 0) {
  console.error('start: fix the lint errors above first');
  process.exit(1);
}

for (const { spec, out, plugins } of DOCUMENTS) {
  await generate({
    spec,
    out,
    command: regenerateCommand(spec, out, DOCUMENTS),
    write: true,
    plugins,
    log: (line) => console.log(`generate: ${line}`),
  });
}
// The dashboard's UI, bundled ahead of time as `npm run generate` does (the service needs no bundler).
const ui = await writeDashboardUi();
console.log(
  `generate: dashboard UI, ${ui.written.length === 0 ? 'unchanged' : `${ui.written.join(', ')} written`}`,
);
await buildDocs();

const docs = createServer((request, response) => {
  if (request.url !== '/' && request.url !== '/index.html') {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  createReadStream(DOCS_FILE).pipe(response);
});
// The ports were free a moment ago; should one be taken since, stop what started, in one line.
let mock: RunningMock | undefined; // eslint-disable-line prefer-const -- assigned once the ports are known, below
let service: Awaited<ReturnType<typeof startService>> | undefined; // eslint-disable-line prefer-const -- the stop handler reads it before the service starts
let stopping = false;
// Ctrl-C from here on stops everything, quietly; one while something starts is acted on once all
// has started (Prism runs in a process group of its own and would outlive this process).
const signals = stopOnSignal(async () => {
  // Ctrl-C reaches this process and Prism's group alike: stop quietly, whoever exits first.
  stopping = true;
  docs.close();
  await service?.close();
  await mock?.stop();
  process.exit(0);
});
const failStart = async (what: string, error: unknown): Promise<never> => {
  docs.close();
  await mock?.stop();
  console.error(`start: ${what} did not start: ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
};
await new Promise<void>((resolve) =>
  docs.once('error', (error) => void failStart('the docs page', error)).listen(docsPort, HOST, resolve),
);
mock = await startMock(mockPort, HOST).catch((error: unknown) => failStart('the mock', error));

const store = await openStoreOrExit('start');
// Webhook deliveries (endpoints added in the dashboard or the CLI) run in this process, as in
// `npm run serve`. This machine is the developer's own: the dashboard may register
// http://127.0.0.1 receivers.
service = await startService({
  store,
  trustProxy,
  host: HOST,
  port: servicePort(),
  dispatcher: { log: (line) => console.log(line) },
  allowLoopbackWebhooks: true,
}).catch((error: unknown) => failStart('the service', error));
const serviceUrl = service.url;
// Only once the service listens: a first key made before a failed start would never be shown.
let firstKey: string | undefined;
if ((await store.countKeys()) === 0) {
  firstKey = (
    await createKey(
      store,
      { environment: 'test', type: 'sk', scopes: MINTABLE_SCOPES, accountId: 'acct_default' },
      new Date().toISOString(),
    )
  ).rawKey;
}

console.log('');
console.log(`service: ${serviceUrl}  (sandbox and live by key prefix; database ${describeStore()})`);
console.log(
  `dashboard: ${serviceUrl}/dashboard/  (sign up, then keys, billing and webhooks per environment)`,
);
console.log(`docs:    http://${HOST}:${docsPort}/`);
console.log(`mock:    ${mock.url}  (Prism; no key needed; try curl ${mock.url}/v1/health)`);
console.log(`contract: ${serviceUrl}/openapi.yaml (and /openapi.json; the mock serves both too)`);
if (firstKey) {
  console.log('');
  console.log(
    'First run: created a sandbox secret key (nature:read, nature:write). It is shown once, store it now:',
  );
  console.log(firstKey);
  // The whole key, so the line works as pasted (the key is on screen once anyway).
  console.log(`try: curl -H "Authorization: Bearer ${firstKey}" ${serviceUrl}/v1/nature/subjects`);
}
console.log(
  'Ctrl-C stops everything. More keys: npm run keys -- create --env test --type sk --scopes nature:read,nature:write',
);

await signals.ready();
mock.child.on('exit', (code) => {
  if (stopping) return;
  console.error(`mock: Prism exited (${code})\n${mock.output()}`);
  process.exit(1);
});
