/**
 * The Python SDK imports `date` and `datetime` where its code uses them as types, and only there
 * (pyright strict refuses an unused import): a TypedDict key named `date` is no use of the type. Starts no process.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../../generators/core/load.js';
import { emitPython } from '../../../../../generators/plugins/python/emit.js';

async function sdk(properties: Record<string, unknown>) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Calendar', version: '1.0.0' },
    paths: {
      '/days': {
        get: {
          operationId: 'date',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Day' } } },
            },
          },
        },
      },
    },
    components: { schemas: { Day: { type: 'object', properties } } },
  };
  const files = await emitPython(buildIr(documentFrom('calendar.yaml', document)));
  return (name: string) => files.find((file) => file.path.endsWith(name))!.content;
}

const importLine = (module: string) => /^from datetime import .*$/m.exec(module)?.[0];

describe('datetime imports in the Python SDK', () => {
  it('imports neither for TypedDict keys named date and datetime that hold text', async () => {
    const file = await sdk({ date: { type: 'string' }, datetime: { type: 'string' } });
    expect(file('types.py')).toMatch(/^ {4}date: str$/m);
    expect(importLine(file('types.py'))).toBeUndefined();
    expect(importLine(file('resources/days.py'))).toBeUndefined();
  });

  it('imports each where the type is used', async () => {
    expect(importLine((await sdk({ date: { type: 'string', format: 'date' } }))('types.py'))).toBe(
      'from datetime import date',
    );
    expect(
      importLine(
        (await sdk({ on: { type: 'string', format: 'date' }, at: { type: 'string', format: 'date-time' } }))(
          'types.py',
        ),
      ),
    ).toBe('from datetime import date, datetime');
  });
});
