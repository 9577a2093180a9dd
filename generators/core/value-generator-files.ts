/**
 * The value generator as files for a generated package: the schema model's node modules and
 * `values/`, which import nothing outside themselves, copied under a prefix. A package that draws
 * at run time (mock data, MSW handlers) draws with the same generator the toolkit uses, not a copy
 * of its own making.
 *
 *   valueGeneratorFiles('mock-data/core/')  // mock-data/core/schema-nodes.ts, mock-data/core/values/draw.ts, …
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { runtimeFiles, type GeneratedFile } from './files.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODEL_FILES = ['schema-cycles.ts', 'schema-merge.ts', 'schema-nodes.ts', 'schema-normalise.ts'];

export function valueGeneratorFiles(prefix: string): GeneratedFile[] {
  return [
    ...MODEL_FILES.map((name) => ({
      path: `${prefix}${name}`,
      content: readFileSync(path.join(HERE, name), 'utf8'),
    })),
    ...runtimeFiles(path.join(HERE, 'values'), `${prefix}values/`),
  ];
}
