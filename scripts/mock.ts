/** `npm run mock`: the Prism mock on 127.0.0.1:4010 (MOCK_PORT), until Ctrl-C. */
import { startMock } from './lib/mock.js';

const port = Number(process.env.MOCK_PORT ?? 4010);
const mock = await startMock(port, '127.0.0.1');
console.log(`mock: ${mock.url} (Prism, stateless; any or no Authorization accepted)`);
console.log(`try:  curl ${mock.url}/v1/health`);
const stop = async () => {
  await mock.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
mock.child.on('exit', (code) => {
  console.error(`mock: Prism exited (${code})\n${mock.output()}`);
  process.exit(1);
});
