/**
 * What `npm run generate` (and check:generated, lint, docs, dev, mock, check:breaking,
 * test:contract) works on: each document, where its output goes, and its plugins with their options.
 * The plugins and their options: docs/plugins.md.
 */
import { defineConfig } from './generators/index.js';

export default defineConfig({
  documents: [
    {
      spec: 'spec/openapi.yaml',
      output: 'generated',
      // 1.0.0, as released (the last commit that changed the spec). Move it on at each release.
      released: 'git:5e4d5b2a4851c1131e0b6e82fc7606a20a930deb',
      // The defaults, and the opt-in zod schemas, mock data and MSW handlers (docs/zod-msw.md),
      // TanStack Query hooks (docs/tanstack-query.md) and MCP server (docs/mcp.md).
      plugins: [
        'types',
        'contract-document',
        'mock-document',
        'client',
        'server',
        'contract-tests',
        'python',
        'zod',
        'mock-data',
        'msw',
        'tanstack-query',
        'mcp',
      ],
    },
    {
      // The dashboard's API is called only by its pages in a browser: no Python or openapi-generator SDKs.
      spec: 'spec/dashboard.yaml',
      output: 'generated/dashboard',
      plugins: ['types', 'contract-document', 'mock-document', 'client', 'server', 'contract-tests'],
    },
  ],
});
