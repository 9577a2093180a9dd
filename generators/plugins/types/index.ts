/**
 * TypeScript types for the whole document, from openapi-typescript's programmatic API (types/):
 * `paths`, `operations`, `components` and `webhooks`. Rendered once per IR and shared through this
 * plugin's exports with the plugins that embed them (the client package carries its own copy).
 */
import { definePlugin } from '../../plugin.js';
import { renderTypes } from './emit.js';

export interface TypesExports {
  /** The rendered module's text (`paths`, `components`, …), once openapi-typescript is done. */
  rendered: Promise<string>;
  /** Where the module is written, relative to the output folder. */
  module: string;
}

export default definePlugin<Record<string, never>, TypesExports>({
  name: 'types',
  description: "openapi-typescript's types for the whole document (types/openapi.ts)",
  readsDocument: true,
  proves: 'strict typecheck of every output that imports them (npm run typecheck, check:corpus)',
  generate({ ir }) {
    // The worker thread renders them while the plugins that depend on this one go on.
    const rendered = renderTypes(ir);
    return {
      exports: { rendered, module: 'types/openapi.ts' },
      files: rendered.then((content) => [{ path: 'types/openapi.ts', content }]),
    };
  },
});
