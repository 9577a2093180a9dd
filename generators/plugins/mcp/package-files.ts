/**
 * The MCP server package's package.json, tsconfig.json and README.md. It depends on the generated
 * client package by name and version, as a consumer would, and on the MCP SDK and Ajv; its bin is
 * the server (stdio, or streamable HTTP with --http).
 */
import type { GeneratedFile } from '../../core/files.js';
import { jsonFile } from '../../core/files.js';
import { packageJson, tsconfigJson } from '../../core/npm-package.js';
import type { ClientExports } from '../client/index.js';
import type { Catalog } from './runtime/catalog.js';

/** The versions the server is written and tested against. */
const VERSIONS = {
  node: '20.19.43',
  sdk: '^1.32.2',
  ajv: '^8.20.0',
  ajvFormats: '^3.0.1',
};

/**
 * After tsc: the catalog (data) beside the code that reads it, and the shebang first in the bin (a
 * generated source starts with its header instead).
 */
const AFTER_BUILD =
  "node -e \"const fs=require('fs');fs.copyFileSync('src/catalog.json','dist/catalog.json');const f='dist/cli.js',t=fs.readFileSync(f,'utf8');if(!t.startsWith('#!'))fs.writeFileSync(f,'#!/usr/bin/env node\\n'+t)\"";

export function packageFiles(catalog: Catalog, client: ClientExports, root: string): GeneratedFile[] {
  const name = catalog.server.name;
  const manifest = packageJson({
    name,
    version: catalog.server.version,
    description: `An MCP server for the ${catalog.server.title}: its operations as tools an AI agent can call, through ${client.packageName}.`,
    entryPoints: { bin: { [name]: './dist/cli.js' } },
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    build: `tsc -p tsconfig.json && ${AFTER_BUILD}`,
    extraScripts: { start: 'node dist/cli.js' },
    dependencies: {
      [client.packageName]: client.version,
      '@modelcontextprotocol/sdk': VERSIONS.sdk,
      ajv: VERSIONS.ajv,
      'ajv-formats': VERSIONS.ajvFormats,
    },
    extraDevDependencies: { '@types/node': VERSIONS.node },
  });
  const tsconfig = tsconfigJson({ lib: ['ES2022', 'DOM'], outDir: 'dist', types: ['node'] });
  return [
    jsonFile(`${root}package.json`, manifest),
    jsonFile(`${root}tsconfig.json`, tsconfig),
    { path: `${root}README.md`, content: readme(catalog, client) },
  ];
}

function readme(catalog: Catalog, client: ClientExports): string {
  const name = catalog.server.name;
  const count = catalog.operations.length;
  return [
    `# ${name}`,
    '',
    `An [MCP](https://modelcontextprotocol.io) server for the ${catalog.server.title}: its ${count} operation${count === 1 ? '' : 's'} as tools an AI agent can call,`,
    `through \`${client.packageName}\` (its retries, auth, timeouts and errors). The key is read from \`${client.environment.apiKey}\`,`,
    `the address from \`${client.environment.baseUrl}\` (or \`--base-url\`).`,
    '',
    '```json',
    JSON.stringify(
      { mcpServers: { [name]: { command: 'npx', args: [name], env: { [client.environment.apiKey]: '…' } } } },
      null,
      2,
    ),
    '```',
    '',
    `\`npx ${name} --http 3333\` serves streamable HTTP at \`http://127.0.0.1:3333/mcp\` instead of stdio. Up to 40 operations`,
    'are one tool each; past that (or with `--tools discovery`) three tools list, describe and call them, so the tools',
    "fill the same small part of a model's context whatever the API's size. `--read-only`, `--tag`, `--path` and",
    "`--method` choose the operations; `--help` lists every flag. The whole guide is the toolkit's docs/mcp.md.",
    '',
  ].join('\n');
}
