/**
 * `npm run mock [-- --spec PATH]`: the Prism mock on 127.0.0.1:4010 (MOCK_PORT), until Ctrl-C. By
 * default it serves our spec's mock document (generated/mock/openapi.json); with `--spec`, the mock
 * document of any OpenAPI 3.0/3.1 spec, made into a temporary folder (removed on exit).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SpecError } from '../generators/core/load.js';
import { generate } from '../generators/pipeline.js';
import { failCli, parseCliArgs } from './lib/cli-args.js';
import { startMock } from './lib/mock.js';

const USAGE = `usage: npm run mock [-- --spec PATH]
  Prism on 127.0.0.1:$MOCK_PORT (default 4010), stateless, any or no Authorization accepted.
  --spec PATH   mock this OpenAPI 3.0/3.1 document instead of spec/openapi.yaml`;

const { values } = parseCliArgs('mock', USAGE, { spec: { type: 'string' } }, false);
const port = Number(process.env.MOCK_PORT ?? 4010);
let specFile: string | undefined;
let scratch: string | undefined;
if (values.spec) {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'mock-'));
  try {
    await generate({ spec: values.spec, out: scratch, command: `npm run mock -- --spec ${values.spec}`, write: true, skip: ['types', 'contract document', 'client', 'server stubs', 'contract tests', 'python', 'sdks'], log: () => {} });
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    failCli('mock', error instanceof SpecError ? error.message : (error as Error).message);
  }
  specFile = path.join(scratch, 'mock', 'openapi.json');
}
const mock = await startMock(port, '127.0.0.1', { specFile });
console.log(`mock: ${mock.url} (Prism, stateless; any or no Authorization accepted)${values.spec ? `, mocking ${values.spec}` : ''}`);
if (!values.spec) console.log(`try:  curl ${mock.url}/v1/health`);
let stopping = false;
const stop = async () => {
  stopping = true;
  await mock.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
mock.child.on('exit', async (code) => {
  if (stopping) return; // our own stop, not Prism failing
  console.error(`mock: Prism exited (${code})\n${mock.output()}`);
  if (scratch) await rm(scratch, { recursive: true, force: true });
  process.exit(1);
});
