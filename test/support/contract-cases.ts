/**
 * A spec's contract-suite cases (contract-tests/cases.json), generated into memory: no process, no
 * folder, so the unit tier can use it. `released: false`, because reading our spec's release runs git.
 */
import { generate } from '../../generators/pipeline.js';
import type { Cases } from '../../generators/plugins/contract-tests/runtime/cases.js';

export async function contractCasesOf(spec: string): Promise<Cases> {
  const { files } = await generate({
    spec,
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    released: false,
    log: () => {},
  });
  const file = files.find((entry) => entry.path === 'contract-tests/cases.json');
  if (!file) throw new Error(`no contract-tests/cases.json generated for ${spec}`);
  return JSON.parse(file.content) as Cases;
}
