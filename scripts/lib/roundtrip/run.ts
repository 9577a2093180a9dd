/**
 * The round trip (`npm run check:roundtrip`): generate the SDKs and server stubs of a spec into a
 * temporary folder, start the stubs with case-checking handlers (server.ts), call every operation
 * through each language's SDK (drivers.ts) with values drawn from the request schemas
 * (cases.ts), and compare both ways: the server decoded exactly what the client was given, and
 * the client returned exactly what the server answered. One line per operation and language, then
 * `roundtrip: N/M operations, typescript N/M, python N/M`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Ir } from '../../../generators/core/ir.js';
import { generate } from '../../../generators/pipeline.js';
import { sharedQueryNames } from '../../../generators/core/ir-parameters.js';
import { buildCases } from './cases.js';
import { firstDifference } from './compare.js';
import { DRIVERS, type Driver } from './drivers.js';
import type { Case, CasesFile } from './protocol.js';
import { startStubs } from './server.js';

export interface RoundtripOptions {
  spec: string;
  /** Driver names or aliases (ts, python); default every driver. */
  languages?: string[];
  seed?: number;
  /** Rounds of cases per operation (default 1). */
  runs?: number;
  /** Only operations whose operationId matches (for looking into one). */
  only?: RegExp;
  /** Keep the generated folder (for debugging). */
  keep?: boolean;
  /** Runs on the generated folder before anything starts (tests plant bugs with it). */
  afterGenerate?: (outDir: string) => Promise<void>;
  /**
   * The spec generated already (client, Python SDK and server stubs in `outDir`, and its IR): used
   * as it is and left in place (npm run check:corpus generates once for every stage).
   */
  generated?: { outDir: string; ir: Ir };
  log?: (line: string) => void;
}

export interface OperationOutcome {
  operationId: string;
  label: string;
  language: string;
  ok: boolean;
  /** What went wrong, first problem first. */
  problems: string[];
  /** Milliseconds its cases took through this language (calls, not generation). */
  ms: number;
  /** How many calls that was (one per case). */
  calls: number;
}

/** An operation never called: no case could be drawn from its schemas (unsatisfiable, or beyond the value generator). */
export interface NotRun {
  operationId: string;
  label: string;
  reason: string;
}

export interface RoundtripResult {
  /** One per operation that ran and language. */
  outcomes: OperationOutcome[];
  notRun: NotRun[];
  operations: number;
  /** Operations that passed in every language (not-run ones never pass). */
  passed: number;
  perLanguage: Record<string, { passed: number; total: number }>;
  summary: string;
}

/** Why an operation whose query parameters send one name twice is not run (the spec's ambiguity, not ours). */
export const AMBIGUOUS_QUERY =
  'its query parameters send one name twice, so no server can tell whose value is whose (the spec’s ambiguity)';

const labelOf = (operation: { id: string; method: string; path: string }) =>
  `${operation.id} (${operation.method.toUpperCase()} ${operation.path})`;

/** The drivers `names` asks for; by default the two SDKs (a driver of an opt-in plugin, MCP, runs when named). */
export function resolveDrivers(names: string[] | undefined): Driver[] {
  if (!names || names.length === 0) return DRIVERS.filter((driver) => !driver.plugins);
  return names.map((name) => {
    const driver = DRIVERS.find((candidate) => candidate.aliases.includes(name.trim().toLowerCase()));
    if (!driver)
      throw new Error(
        `unknown language "${name}" (known: ${DRIVERS.flatMap((candidate) => candidate.aliases).join(', ')})`,
      );
    return driver;
  });
}

export async function runRoundtrip(options: RoundtripOptions): Promise<RoundtripResult> {
  const log = options.log ?? (() => {});
  const drivers = resolveDrivers(options.languages);
  const seed = options.seed ?? 20261123;
  // Inside the repository, so the generated stubs resolve fastify from its node_modules.
  await mkdir(path.resolve('.cache'), { recursive: true });
  const outDir = options.generated?.outDir ?? (await mkdtemp(path.resolve('.cache', 'roundtrip-')));
  try {
    const { ir } =
      options.generated ??
      (await generate({
        spec: options.spec,
        out: outDir,
        command: `npm run check:roundtrip -- --spec ${options.spec}`,
        write: true,
        skip: ['sdks', 'contract-tests', 'mock-document', 'contract-document'],
        include: drivers.flatMap((driver) => driver.plugins ?? []),
        log: () => {},
      }));
    await options.afterGenerate?.(outDir);
    // The SDKs were generated from every operation, and where a method sits depends on its siblings
    // (a POST alone on /items/{id}/image is items.image(id), beside a DELETE items.image.create(id)):
    // the drivers place methods from the whole IR, and `only` picks the operations that run.
    const operations = options.only
      ? ir.operations.filter((operation) => options.only!.test(operation.id))
      : ir.operations;
    const selected: Ir = { ...ir, operations };
    const drawn = buildCases(selected, seed, options.runs ?? 1);
    // An operation whose parameters send one query name twice cannot round-trip: said once, with the names.
    const ambiguous = operations.flatMap((operation) => {
      const shared = sharedQueryNames(operation.allParameters, ir.model);
      return shared.length > 0
        ? [
            {
              operationId: operation.id,
              reason: `${AMBIGUOUS_QUERY}: ${shared.map(({ name, parameters }) => `${name} (${parameters.join(', ')})`).join('; ')}`,
            },
          ]
        : [];
    });
    const failed = [...ambiguous, ...drawn.failed];
    const cases = drawn.cases.filter(
      (testCase) => !ambiguous.some((entry) => entry.operationId === testCase.operationId),
    );
    const casesFile = path.join(outDir, 'cases.json');
    await writeFile(casesFile, JSON.stringify({ spec: options.spec, seed, cases } satisfies CasesFile));
    const server = await startStubs(outDir, selected, cases);
    const outcomes: OperationOutcome[] = [];
    const notRun: NotRun[] = [];
    try {
      const byOperation = new Map<string, Case[]>();
      for (const testCase of cases)
        byOperation.set(testCase.operationId, [...(byOperation.get(testCase.operationId) ?? []), testCase]);
      // An operation no case could be drawn for was never called: said once, not as each SDK's failure.
      for (const operation of operations) {
        const refused = failed.find((entry) => entry.operationId === operation.id);
        if (!refused) continue;
        notRun.push({ operationId: operation.id, label: labelOf(operation), reason: refused.reason });
        log(
          `– ${labelOf(operation)}: not run, ${refused.reason} (fix the schema, or leave the operation out with --only)`,
        );
      }
      for (const driver of drivers) {
        for (const operation of operations) {
          if (notRun.some((entry) => entry.operationId === operation.id)) continue;
          const label = labelOf(operation);
          const own = byOperation.get(operation.id) ?? [];
          const started = performance.now();
          const results = await driver.run(own, { ir, outDir, baseURL: server.url, casesFile });
          const ms = performance.now() - started;
          const problems: string[] = [];
          for (const testCase of own) {
            const result = results.find((entry) => entry.id === testCase.id);
            const where = own.length > 1 ? `[${testCase.id.split('#')[1]}] ` : '';
            if (!result) problems.push(`${where}the driver reported nothing`);
            else if (result.error)
              problems.push(
                `${where}client: ${result.error}${server.problems.get(testCase.id) ? `; server: ${server.problems.get(testCase.id)!.join('; ')}` : ''}`,
              );
            else {
              for (const problem of server.problems.get(testCase.id) ?? [])
                problems.push(`${where}server decoded ${problem}`);
              if (!server.reached.has(testCase.id))
                problems.push(`${where}the request never reached the operation's handler`);
              const difference = firstDifference(testCase.response.body, result.result);
              if (difference) problems.push(`${where}client returned ${difference}`);
            }
            server.problems.delete(testCase.id);
            server.reached.delete(testCase.id);
          }
          const outcome = {
            operationId: operation.id,
            label,
            language: driver.name,
            ok: problems.length === 0,
            problems,
            ms,
            calls: own.length,
          };
          outcomes.push(outcome);
          log(
            `${outcome.ok ? '✓' : '✗'} ${driver.name} ${label}${outcome.ok ? '' : `: ${problems.join(' | ')}`}`,
          );
        }
      }
    } finally {
      await server.close();
    }
    const perLanguage = Object.fromEntries(
      drivers.map((driver) => {
        const own = outcomes.filter((outcome) => outcome.language === driver.name);
        return [driver.name, { passed: own.filter((outcome) => outcome.ok).length, total: own.length }];
      }),
    );
    const ran = operations.filter((operation) => !notRun.some((entry) => entry.operationId === operation.id));
    const passed = ran.filter((operation) =>
      outcomes.filter((outcome) => outcome.operationId === operation.id).every((outcome) => outcome.ok),
    ).length;
    const summary = `roundtrip: ${passed}/${operations.length} operations, ${Object.entries(perLanguage)
      .map(([name, counts]) => `${name} ${counts.passed}/${counts.total}`)
      .join(
        ', ',
      )}${notRun.length > 0 ? `; ${notRun.length} not run (${notRun.every((entry) => entry.reason.startsWith('no values could be drawn')) ? `no value could be drawn from ${notRun.length === 1 ? 'its' : 'their'} schemas` : 'each with its reason above'})` : ''}`;
    log(summary);
    return { outcomes, notRun, operations: operations.length, passed, perLanguage, summary };
  } finally {
    if (options.generated) await rm(path.join(outDir, 'cases.json'), { force: true });
    else if (!options.keep) await rm(outDir, { recursive: true, force: true });
    else log(`kept ${outDir}`);
  }
}
