/**
 * An MCP server for the API (`mcp/`): its operations as tools an AI agent can call (one tool each
 * while they are few, three discovery tools past a threshold), over stdio or streamable HTTP, calling
 * the API through the generated client package it depends on.
 */
import { definePlugin } from '../../plugin.js';
import { sdkShape } from '../../sdk-shape/index.js';
import type { ClientExports } from '../client/index.js';
import { buildCatalog } from './catalog.js';
import { emitMcp } from './emit.js';
import { MCP_OPTIONS, type McpPluginOptions } from './options.js';

export default definePlugin<McpPluginOptions>({
  name: 'mcp',
  description:
    'An MCP server over the TypeScript client (mcp/): tools from operations, discovery tools for large APIs, stdio and streamable HTTP',
  dependencies: ['client'],
  options: MCP_OPTIONS,
  optIn: true,
  proves:
    "the MCP SDK's own client against the reference service and GitHub's stubs (test/e2e/generators/plugins/mcp/), every input schema compiled by Ajv, and the round trip's MCP caller",
  generate({ ir, dependency, options, root }) {
    const client = dependency('client') as ClientExports;
    const names = sdkShape(ir).names;
    const catalog = buildCatalog(ir, client, {
      name: `${names.base}-mcp`,
      version: client.version,
      title: ir.info.title,
    });
    return { files: emitMcp(catalog, client, options, root) };
  },
});
