/**
 * `npm run check:roundtrip [-- --spec PATH] [--lang ts,python,mcp] [--seed N] [--runs N] [--only REGEX] [--keep]`:
 * the generated SDKs and MCP server against the generated server stubs on any spec (default: the
 * first document contract-kit.config.ts lists), every operation, both ways (see
 * scripts/lib/roundtrip/run.ts). Prints one line per operation and language, then
 * `roundtrip: N/M operations, typescript N/M, python N/M, mcp N/M` (and how many were not run: no value
 * could be drawn from their schemas); exits 1 on any ✗ or operation not run, 2 on bad arguments.
 */
import { parseCliArgs, prefixLines } from './lib/cli-args.js';

const USAGE = `usage: npm run check:roundtrip [-- --spec PATH] [--lang ts,python,mcp] [--seed N] [--runs N] [--only REGEX] [--keep]
  Generates the SDKs and server stubs of the spec (default: the first document contract-kit.config.ts
  lists) into a temporary folder, calls every operation through each SDK against the stubs and
  compares what each side got; exits 1 on any ✗ or operation not run.
  --lang ts,python,mcp  the callers (default ts,python; mcp: the MCP server's tools)
  --seed N, --runs N the values drawn (fast-check's seed; values per operation, default 1)
  --only REGEX       only the operations whose operationId matches
  --keep             keep the generated folder`;

async function main(): Promise<number> {
  const { values } = parseCliArgs(
    'check:roundtrip',
    USAGE,
    {
      spec: { type: 'string' },
      lang: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    false,
  );

  // The arguments first: --help and a bad option answer before the toolkit's modules load (a CPU-second).
  const { SpecError } = await import('../generators/core/load.js');
  const { chosenDocument } = await import('./lib/project.js');
  const { runRoundtrip } = await import('./lib/roundtrip/run.js');
  const { spec } = await chosenDocument('check:roundtrip', values.spec);
  const number = (text: string | undefined, name: string): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number`);
    return Number(text);
  };
  try {
    const result = await runRoundtrip({
      spec,
      languages: values.lang?.split(',').filter(Boolean),
      seed: number(values.seed, 'seed'),
      runs: number(values.runs, 'runs'),
      keep: values.keep,
      only: values.only ? new RegExp(values.only) : undefined,
      log: (line) => console.log(line),
    });
    return result.passed === result.operations && result.outcomes.every((outcome) => outcome.ok) ? 0 : 1;
  } catch (error) {
    console.error(prefixLines('check:roundtrip: ', error instanceof Error ? error.message : String(error)));
    return error instanceof SpecError ? 1 : 2;
  }
}

main().then((code) => {
  process.exitCode = code;
});
