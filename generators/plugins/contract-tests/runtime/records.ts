/**
 * Records the run did not make. On a target that keeps data, a write whose path names a record by
 * the spec's example (`DELETE /servers/1`) acts on whatever the target holds under that ID: a
 * walker's own record, which the suites deleted and then blamed the target for missing. So before
 * such a write is sent, the GET of the record's path says whether the record exists. A 404 or 410
 * means nothing is there to harm, and the write is sent. A record that exists, or an answer that
 * shows neither, makes the operation's checks not applicable, with the reason, unless
 * CONTRACT_WRITE_EXAMPLES=true says the records the examples name are the run's to change (a
 * sandbox seeded from them, or a service started empty for the run).
 */
import type { Target } from './target.js';

export interface WrittenRecord {
  /** The path parameter that names the record. */
  param: string;
  /** The path parameters of the record's path, it last: a record under one the run made is the run's. */
  within: string[];
  /** The GET of the record's path, filled with the examples; absent when the spec has none. */
  probe?: { operation: string; path: string } | undefined;
}

/** What a probe's GET answered (its status), or why it could not be sent. */
export type ProbeAnswer = number | Error;

/** Per target and path, the probe's answer: each record is asked about once. */
const probes = new WeakMap<Target, Map<string, Promise<ProbeAnswer>>>();

/**
 * Why the operation must not be sent to `target`: the record its path names by an example exists
 * there, or cannot be shown not to; undefined when it can be sent. Records are asked outermost
 * first, and one that does not exist ends it: nothing under it can exist either.
 */
export async function recordNotOurs(options: {
  target: Target;
  method: string;
  records: WrittenRecord[];
  examples: Record<string, string>;
  /** Whether the run makes this path parameter's value (a producer on a stateful target). */
  made: (param: string) => boolean;
  get: (probe: NonNullable<WrittenRecord['probe']>) => Promise<number>;
}): Promise<string | undefined> {
  const { target, records, examples } = options;
  if (!target.stateful || target.writesExamples) return undefined;
  const method = options.method.toUpperCase();
  const optIn = 'CONTRACT_WRITE_EXAMPLES=true sends it';
  let existing: string | undefined;
  for (const record of records) {
    if (record.within.some(options.made)) return undefined;
    const named = `the ${record.param} ${JSON.stringify(examples[record.param] ?? '')} of the spec's examples`;
    if (!record.probe)
      return `it would ${method} ${named}, and the spec has no GET of its path to show that no such record exists on the target; ${optIn}`;
    const asked = probes.get(target) ?? probes.set(target, new Map()).get(target)!;
    const key = record.probe.path;
    if (!asked.has(key))
      asked.set(
        key,
        options
          .get(record.probe)
          .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      );
    const answer = await asked.get(key)!;
    if (answer === 404 || answer === 410) return undefined;
    const said = `GET ${record.probe.path} answered ${answer instanceof Error ? `no status (${answer.message})` : answer}`;
    if (typeof answer === 'number' && answer >= 200 && answer < 300)
      existing = `it would ${method} ${named}, a record the target holds that this run did not make (${said}); ${optIn}`;
    else
      return `it would ${method} ${named}, and ${said}, which does not show that no such record exists; ${optIn}`;
  }
  return existing;
}
