/**
 * The modules of `generators/core/` a generated runtime carries a copy of: the schema model's
 * nodes (build, merge, visit), the value generator (values/) and JSON equality for Ajv. They import nothing outside
 * themselves (test/unit/generators/core/portable.test.ts holds them to it), so a runtime that
 * imports them, such as the contract suites' arbitraries, works from the copy:
 *
 *   generators/plugins/contract-tests/runtime/arbitraries.ts  import … from '../../../core/values/draw.js'
 *   contract-tests/core/arbitraries.ts (the copy)           import … from './schema/values/draw.js'
 *
 * with the modules under `contract-tests/core/schema/`, values/ beside them as in core/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratedFile } from './files.js';

const CORE = path.dirname(fileURLToPath(import.meta.url));

/** The portable modules, relative to generators/core/. */
export const PORTABLE_MODULES = [
  'json-equal.ts',
  'schema-cycles.ts',
  'schema-merge.ts',
  'schema-nodes.ts',
  'schema-normalise.ts',
  'schema-visit.ts',
  ...readdirSync(path.join(CORE, 'values'))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => `values/${name}`),
];

/** The portable modules as files under `prefix` (e.g. `contract-tests/core/schema/`), read when this module loads. */
export function portableFiles(prefix: string): GeneratedFile[] {
  return PORTABLE_MODULES.map((name) => ({
    path: `${prefix}${name}`,
    content: readFileSync(path.join(CORE, name), 'utf8'),
  }));
}

/**
 * Modules of generators/core copied beside a runtime that imports them, each importing no other
 * module of the toolkit: parameter decoding as the SDKs spell parameters (the server stubs decode
 * requests with it, the MSW handlers hand resolvers its query), JSON equality for Ajv (the
 * stubs' and the contract suites' validators) and which schema keys hold data or names (the stubs'
 * walk of text unions). Their imports: `withPortableImports(content, './')`.
 */
export function besideRuntime(
  prefix: string,
  names: Array<'param-decoding.ts' | 'json-equal.ts' | 'schema-keywords.ts'>,
): GeneratedFile[] {
  return names.map((name) => ({
    path: `${prefix}${name}`,
    content: readFileSync(path.join(CORE, name), 'utf8'),
  }));
}

/** A runtime file's imports of generators/core (`'../../../core/values/draw.js'`) pointed at the copy beside it (`'./schema/values/draw.js'`). */
export function withPortableImports(content: string, copy = './schema/'): string {
  return content.replace(/(from\s+['"])(?:\.\.\/)+core\//g, `$1${copy}`);
}
