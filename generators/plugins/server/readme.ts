/**
 * server/README.md: how to serve the API with the stubs, for a team that has only the generated
 * folder. Its ```ts block compiles as written (test/e2e/generators/readme-blocks-public-specs.test.ts),
 * with `./generated/` standing for the output folder.
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';

export function serverReadme(ir: Ir): GeneratedFile {
  const first = ir.operations[0];
  const example = first
    ? `\`${first.id}\` (\`${first.method.toUpperCase()} ${first.path}\`)`
    : 'each operation';
  const content = [
    `# Server stubs: ${ir.info.title}`,
    '',
    `Fastify routes for every operation of the ${ir.info.title} (version ${ir.info.version}): each`,
    'request is validated against the spec before your handler runs, and every error the stubs make',
    'themselves (validation 400, unknown route 404, 405, 406, 413, 415, 501) has the body and headers',
    'the spec documents. You write the handlers, one per operationId, typed from the spec.',
    '',
    '## Serving the API',
    '',
    'From a file beside the output folder (here `generated/`; the generated code is ES modules, so',
    'the project\'s `package.json` says `"type": "module"`):',
    '',
    '```ts',
    "import Fastify from 'fastify';",
    "import { routesPlugin, serverOptions, type Handlers } from './generated/server/index.js';",
    '',
    '// One handler per operationId, each typed from the spec: request.params, .query, .headers and',
    "// .body, and the reply's body for each status it documents.",
    'const handlers: Partial<Handlers> = {};',
    '',
    "// The options the stubs need: framework and HTTP-parser errors in the spec's format.",
    'const app = Fastify({ ...serverOptions(), logger: true });',
    'await app.register(routesPlugin, {',
    '  handlers,',
    "  // A query parameter the spec does not declare is refused with 400 ('ignore' by default).",
    "  unknownQueryParameters: 'refuse',",
    "  onUnimplemented: (operationIds) => app.log.warn(`answering 501: ${operationIds.join(', ')}`),",
    '});',
    "await app.listen({ port: 3000, host: '127.0.0.1' });",
    '```',
    '',
    `A handler, for ${example}, is \`async (request, reply) => reply.code(200).send(body)\`, or it`,
    'returns the body; TypeScript holds the body to the schema the spec documents for that status.',
    '',
    "- **An operation without a handler** answers 501 in the spec's error format;",
    '  `unimplementedOperations(handlers)` lists them, and `onUnimplemented` is told them at startup.',
    '- **Keep the handlers an object literal typed `Partial<Handlers>`**: when the spec renames or',
    '  removes an operation, `tsc` names the handler whose key no operation has (at run time it is',
    '  never called, and its operation answers 501).',
    "- **Turn Fastify's logger on**: a handler that throws answers the spec's 500 without a word of",
    '  why; the logger records the error.',
    '- **Other options of `routesPlugin`**: `authenticate(request, reply, route)` runs first for every',
    '  operation (reply with an error status to refuse); `errorBody` builds your own error bodies;',
    '  `unrouted` sets headers and limits for answers no operation makes; `limits` bounds multipart',
    '  files and fields and binary bodies the spec does not bound (`fileBytes` 10 MiB, `files` 20,',
    '  `fieldBytes` 1 MiB, `fields` 1000, `binaryBytes` 100 MiB); `streams: { heartbeatMs }` keeps',
    '  idle event streams open.',
    '',
    '## Checking it against the spec',
    '',
    'The contract suites generated beside these stubs (`contract-tests/`) send every operation valid,',
    'invalid and malformed requests and check each answer against the spec:',
    '`CONTRACT_BASE_URL=http://127.0.0.1:3000 npx contract-kit test:contract` (with `CONTRACT_API_KEY`',
    'where the API takes a key). They create and delete data: point them at a sandbox, not at data',
    "you keep. A write to a record only the spec's example names (`DELETE /things/1`) is sent only",
    'where its GET answers 404; `CONTRACT_WRITE_EXAMPLES=true` sends it anyway.',
    '',
  ].join('\n');
  return { path: 'server/README.md', content };
}
