/**
 * `npm run check:roundtrip -- --spec PATH [--lang ts,python,mcp] [--seed N] [--runs N] [--only REGEX] [--keep]`:
 * the generated SDKs and MCP server against the generated server stubs on any spec, every operation,
 * both ways (see scripts/lib/roundtrip/run.ts). Prints one line per operation and language, then
 * `roundtrip: N/M operations, typescript N/M, python N/M, mcp N/M` (and how many were not run: no value
 * could be drawn from their schemas); exits 1 on any ✗ or operation not run, 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { SpecError } from '../generators/core/load.js';
import { runRoundtrip } from './lib/roundtrip/run.js';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        spec: { type: 'string' },
        lang: { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        only: { type: 'string' },
        keep: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`check:roundtrip: ${(error as Error).message}`);
    return 2;
  }
  if (!values.spec) {
    console.error('check:roundtrip: --spec PATH is required (an OpenAPI 3.0/3.1 document)');
    return 2;
  }
  const number = (text: string | undefined, name: string): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number`);
    return Number(text);
  };
  try {
    const result = await runRoundtrip({
      spec: values.spec,
      languages: values.lang?.split(',').filter(Boolean),
      seed: number(values.seed, 'seed'),
      runs: number(values.runs, 'runs'),
      keep: values.keep,
      only: values.only ? new RegExp(values.only) : undefined,
      log: (line) => console.log(line),
    });
    return result.passed === result.operations && result.outcomes.every((outcome) => outcome.ok) ? 0 : 1;
  } catch (error) {
    console.error(
      `check:roundtrip: ${error instanceof SpecError ? error.message : error instanceof Error ? error.message : String(error)}`,
    );
    return error instanceof SpecError ? 1 : 2;
  }
}

main().then((code) => {
  process.exitCode = code;
});
