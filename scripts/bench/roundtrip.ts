/**
 * The round trip's time per operation (report only): every operation of the media fixture called
 * through the generated TypeScript client against the generated stubs, `BENCH_ROUNDTRIP_RUNS`
 * values each (default 20), as milliseconds per call. The baseline, measured in the same run, is
 * the plain JSON operation (`jsonBody`), so each row says what a media type or style costs more.
 */
import { runRoundtrip } from '../lib/roundtrip/run.js';
import type { BenchRow } from './report.js';

const SPEC = 'test/fixtures/specs/media-3.1.yaml';
const BASELINE = 'jsonBody';

export async function benchRoundtrip(progress: (line: string) => void): Promise<BenchRow[]> {
  const runs = Number(process.env.BENCH_ROUNDTRIP_RUNS ?? 20);
  const result = await runRoundtrip({ spec: SPEC, languages: ['ts'], runs });
  progress(`  roundtrip: ${result.summary}`);
  const perCall = new Map(
    result.outcomes.map((outcome) => [outcome.operationId, outcome.ms / Math.max(1, outcome.calls)]),
  );
  const baseline = perCall.get(BASELINE)!;
  return result.outcomes.map((outcome) => {
    const ms = perCall.get(outcome.operationId)!;
    return {
      benchmark: `round trip ${outcome.operationId}${outcome.ok ? '' : ' (FAILED)'}`,
      baseline: `${baseline.toFixed(2)} ms/call (${BASELINE})`,
      measured: `${ms.toFixed(2)} ms/call`,
      ratio: ms / baseline,
      goal: 'report only',
    };
  });
}
