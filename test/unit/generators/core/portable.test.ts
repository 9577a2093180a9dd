/**
 * The modules runtimes carry a copy of (generators/core/portable.ts) import nothing outside
 * themselves, so the copy works wherever it is put; and a runtime's imports of them are pointed at
 * the copy. Starts no process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTABLE_MODULES, withPortableImports } from '../../../../generators/core/portable.js';

const CORE = path.resolve('generators/core');

describe('the portable core', () => {
  it.each(PORTABLE_MODULES)('%s imports only other portable modules', (module) => {
    const source = readFileSync(path.join(CORE, module), 'utf8');
    const imports = [...source.matchAll(/(?:from|import)\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
    // Node's own modules are wherever a generated runtime runs (json-equal.ts reaches Ajv's, a
    // dependency of every runtime that validates, through node:module).
    for (const specifier of imports.filter((name) => !name.startsWith('node:'))) {
      expect(specifier, `${module} imports ${specifier}`).toMatch(/^\.\.?\//);
      const target = path.relative(
        CORE,
        path.resolve(CORE, path.dirname(module), specifier.replace(/\.js$/, '.ts')),
      );
      expect(PORTABLE_MODULES, `${module} imports ${specifier}`).toContain(target.split(path.sep).join('/'));
    }
  });

  it("points a runtime's imports of generators/core at the copy beside it", () => {
    expect(
      withPortableImports(
        "import fc from 'fast-check';\nimport { drawValue } from '../../../core/values/draw.js';\nimport { merged } from '../../../core/schema-merge.js';",
      ),
    ).toBe(
      "import fc from 'fast-check';\nimport { drawValue } from './schema/values/draw.js';\nimport { merged } from './schema/schema-merge.js';",
    );
  });
});
