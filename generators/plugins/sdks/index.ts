/** openapi-generator's SDKs for more languages (sdks/), from the document turned into OpenAPI 3.0. Needs Java. */
import { definePlugin } from '../../plugin.js';
import { emitSdks } from './emit.js';

export default definePlugin({
  name: 'sdks',
  description: "openapi-generator's SDKs (sdks/, the languages in sdks.json); needs Java",
  root: 'sdks/',
  optIn: true,
  isolated: true,
  // It hands openapi-generator the document itself (down-converted to 3.0): document to document.
  readsDocument: true,
  proves: 'none of ours: openapi-generator builds them; the test compiles one',
  generate({ ir, warn }) {
    return { files: emitSdks(ir, warn) };
  },
});
