/**
 * zod 4 schemas (zod/): every component schema and, per operation, its parameters, request body
 * per media type and responses per status, with their inferred types. What zod cannot say is a
 * warning with its pointer, never a looser schema in silence.
 */
import { definePlugin } from '../../plugin.js';
import { emitZod, type ZodExports } from './emit.js';

export type { ZodExports };
export { operationKey } from './emit.js';

export default definePlugin<Record<string, never>, ZodExports>({
  name: 'zod',
  description: 'zod 4 schemas (zod/) of every component and every operation, for runtime validation',
  optIn: true,
  proves:
    'the differential test (test/integration/generators/plugins/zod-ajv.test.ts): zod and Ajv accept and refuse the same values of every schema of the fixtures and the public specs',
  generate({ ir, warn }) {
    const { files, exports } = emitZod(ir, warn);
    return { files, exports };
  },
});
