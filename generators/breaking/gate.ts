/**
 * The gate: which findings fail a merge (`--fail-on`), which rules a team switched off (config
 * file, each with a reason), and the semver bump info.version needs.
 */
import { parse as parseYaml } from 'yaml';
import type { Finding } from './context.js';
import { allRuleIds, ruleInfo, type Party } from './rules.js';

export type FailOn = 'clients' | 'servers' | 'any';
type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface SwitchedOff {
  rule: string;
  reason: string;
}

/** A finding with who it breaks and what an existing client sees. */
export type ClassifiedFinding = Finding & { breaks: Party[]; consequence: string; docsOnly: boolean };

/** What a change between two documents means, before any gate decides on it. */
export interface Classification {
  /** Findings that count, with who they break. */
  findings: ClassifiedFinding[];
  /** Findings whose rule the config switched off. */
  ignored: Finding[];
  /** The bump info.version needs (major: breaks clients; minor: any other change on the wire; patch: documentation only). */
  advice: Bump;
  /** The bump the generated SDKs need: major also when only their signatures change. */
  sdkAdvice: Bump;
}

export interface GateResult extends Classification {
  /** Findings that fail the gate under --fail-on. */
  failing: ClassifiedFinding[];
  /** The bump info.version got; `unknown` when a version is not a version (see `unreadable`). */
  actual: Bump | 'downgrade' | 'unknown';
  /** The info.version values that are not versions, so no bump can be seen (`release-2`, `2023-10-16`). */
  unreadable: string[];
  ok: boolean;
}

const FAIL_ON: Record<FailOn, Party[]> = {
  clients: ['clients'],
  servers: ['servers'],
  any: ['clients', 'servers', 'sdks'],
};

/**
 * `info.version` as [major, minor, patch]: semver (`1.4.0`, `1.4.0-beta.1`) and the short forms
 * APIs use (`v2`, `2.0`, `2`: missing parts are 0). Undefined for anything else, a date included
 * (`2023-10-16`), so it never passes for a major version.
 */
export function parseVersion(version: string): [number, number, number] | undefined {
  const match = /^v?(\d+)(?:\.(\d+)(?:\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)?)?$/i.exec(
    version.trim(),
  );
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : undefined;
}

function bumpOf(a: [number, number, number], b: [number, number, number]): Bump | 'downgrade' {
  for (let index = 0; index < 3; index += 1) {
    if (b[index] > a[index]) return (['major', 'minor', 'patch'] as const)[index];
    if (b[index] < a[index]) return 'downgrade';
  }
  return 'none';
}

/** Who each finding breaks, which rules the config switched off, and the semver bumps needed. */
export function classify(all: Finding[], off: SwitchedOff[] = []): Classification {
  const switchedOff = new Set(off.map((entry) => entry.rule));
  const ignored = all.filter((finding) => switchedOff.has(finding.rule));
  const findings = all
    .filter((finding) => !switchedOff.has(finding.rule))
    .map((finding) => {
      const info = ruleInfo(finding.rule);
      return { ...finding, breaks: info.breaks, consequence: info.consequence, docsOnly: !!info.docsOnly };
    });
  const advice: Bump = findings.some((finding) => finding.breaks.includes('clients'))
    ? 'major'
    : findings.some((finding) => !finding.docsOnly)
      ? 'minor'
      : findings.length
        ? 'patch'
        : 'none';
  const sdkAdvice: Bump =
    advice !== 'major' && findings.some((finding) => finding.breaks.includes('sdks')) ? 'major' : advice;
  return { findings, ignored, advice, sdkAdvice };
}

export function evaluate(
  all: Finding[],
  options: { failOn: FailOn; off: SwitchedOff[]; baseVersion: string; headVersion: string },
): GateResult {
  const classification = classify(all, options.off);
  const failOn = FAIL_ON[options.failOn];
  const failing = classification.findings.filter((finding) =>
    finding.breaks.some((party) => failOn.includes(party)),
  );
  const [before, after] = [parseVersion(options.baseVersion), parseVersion(options.headVersion)];
  const unreadable = [...new Set([options.baseVersion, options.headVersion])].filter(
    (version) => !parseVersion(version),
  );
  const actual = before && after ? bumpOf(before, after) : 'unknown';
  // A failing change is accepted only with a major bump: the version says the contract broke.
  const ok = !failing.length || actual === 'major';
  return { ...classification, failing, actual, unreadable, ok };
}

/**
 * The config file (`.check-breaking.yaml`): `off: [{ rule, reason }]`. An unknown rule id, another key or a
 * missing reason is an error, so a typo never silently keeps a rule on (or off).
 */
export function parseConfig(text: string, file: string): SwitchedOff[] {
  const data = parseYaml(text) ?? {};
  const known = new Set(allRuleIds());
  if (typeof data !== 'object' || Array.isArray(data))
    throw new Error(`${file}: expected a mapping with an "off" list`);
  for (const key of Object.keys(data))
    if (key !== 'off') throw new Error(`${file}: unknown key "${key}" (only "off" is read)`);
  const list = data.off ?? [];
  if (!Array.isArray(list)) throw new Error(`${file}: "off" must be a list of { rule, reason }`);
  return list.map((entry: { rule?: unknown; reason?: unknown }, index: number) => {
    // A key the gate does not read (path, operation) would look like a scope while the rule is off everywhere.
    const keys = typeof entry === 'object' && entry !== null ? Object.keys(entry) : [];
    const unknown = keys.find((key) => key !== 'rule' && key !== 'reason');
    if (unknown !== undefined)
      throw new Error(
        `${file}: off[${index}] has "${unknown}", which an entry does not take: an entry is { rule, reason } and turns that rule off for every change of it in the whole API (it cannot be limited to a path or operation)`,
      );
    if (typeof entry?.rule !== 'string' || !known.has(entry.rule))
      throw new Error(
        `${file}: off[${index}].rule ${JSON.stringify(entry?.rule)} is not a rule id (npm run check:breaking -- --list-rules)`,
      );
    if (typeof entry.reason !== 'string' || !entry.reason.trim())
      throw new Error(`${file}: off[${index}] (${entry.rule}) needs a reason`);
    return { rule: entry.rule, reason: entry.reason.trim() };
  });
}
