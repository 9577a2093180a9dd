/**
 * The corpus report: one line per spec and stage as they end, then a table of pass rates and
 * costs per stage, and the findings grouped by kind under where their fix belongs (ours, an
 * upstream tool, the spec). Tables are Markdown, which reads as well in a terminal as in docs/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  STAGES,
  type CorpusReport,
  type Finding,
  type Origin,
  type SpecResult,
  type Stage,
  type StageResult,
} from './result.js';

const MARK: Record<StageResult['status'], string> = {
  pass: '✓',
  fail: '✗',
  refused: '⊘',
  timeout: '⧗',
  skipped: '–',
};

/** `api/x.json  typecheck  ✗  12.3 s  TS2339 in …: … (+2 more kinds)` */
export function stageLine(spec: string, result: StageResult, position?: string): string {
  const seconds = `${(result.ms / 1000).toFixed(1)} s`;
  const failing = result.findings.filter((finding) => finding.fails);
  const first = failing[0] ?? (result.status === 'refused' ? result.findings[0] : undefined);
  const counts = result.counts ?? {};
  let note = '';
  if (result.stage === 'generate' && counts.operations !== undefined)
    note = `${counts.operations} operations`;
  if (result.stage === 'roundtrip' && counts.operations !== undefined)
    note = `${counts.passed}/${counts.operations} operations${counts.notRun ? `, ${counts.notRun} not run` : ''}`;
  if (result.stage === 'contract' && counts.suite !== undefined)
    note = `suite ${counts.suite}, spec ${counts.spec}, mock ${counts.mock}, target ${counts.target}`;
  if (result.stage === 'bad-input' && counts.requests !== undefined)
    note = `${counts.requests} requests, ${counts.outsideContract} outside the contract, ${counts.answers5xx} 5xx${counts.notRun ? `, ${counts.notRun} operation(s) not run` : ''}`;
  const why = first
    ? `${first.kind}${failing.length > 1 ? ` (+${failing.length - 1} more kind(s))` : ''}`
    : (result.reason ?? '');
  return [position, spec, result.stage, MARK[result.status], seconds, note, why]
    .filter((part) => part !== undefined && part !== '')
    .join('  ');
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const resultsOf = (specs: SpecResult[], stage: Stage) =>
  specs.flatMap((spec) => spec.stages.filter((result) => result.stage === stage));

const sum = (results: StageResult[], key: string) =>
  results.reduce((total, result) => total + (result.counts?.[key] ?? 0), 0);

/** Pass rates and costs per stage: a stage that ran counts (skipped ones do not); refused is generate's spec defect. */
export function stageTable(specs: SpecResult[], stages: Stage[]): string {
  const rows = [
    '| stage | ran | pass | fail | spec refused | timeout | skipped | pass rate | median | p90 | total |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const stage of STAGES.filter((each) => each === 'generate' || stages.includes(each))) {
    const results = resultsOf(specs, stage);
    const count = (status: StageResult['status']) =>
      results.filter((result) => result.status === status).length;
    const ran = results.length - count('skipped');
    const times = results.filter((result) => result.status !== 'skipped').map((result) => result.ms / 1000);
    rows.push(
      `| ${stage} | ${ran} | ${count('pass')} | ${count('fail')} | ${count('refused')} | ${count('timeout')} | ${count('skipped')} | ${percent(count('pass'), ran - count('refused'))} | ${quantile(times, 0.5).toFixed(1)} s | ${quantile(times, 0.9).toFixed(1)} s | ${(times.reduce((a, b) => a + b, 0) / 60).toFixed(1)} min |`,
    );
  }
  return rows.join('\n');
}

/** The figures the issue's bar is stated in: operations round-tripped, suite findings, bad answers. */
export function headline(specs: SpecResult[]): string[] {
  const lines: string[] = [];
  const roundtrip = resultsOf(specs, 'roundtrip').filter((result) => result.counts);
  if (roundtrip.length > 0) {
    const operations = sum(roundtrip, 'operations');
    const passed = sum(roundtrip, 'passed');
    lines.push(
      `round trip: ${passed}/${operations} operations green in both languages (${percent(passed, operations)}); typescript ${sum(roundtrip, 'typescriptPassed')}/${sum(roundtrip, 'typescriptTotal')}, python ${sum(roundtrip, 'pythonPassed')}/${sum(roundtrip, 'pythonTotal')}; ${sum(roundtrip, 'notRun')} not run, each with its reason`,
    );
  }
  const contract = resultsOf(specs, 'contract').filter((result) => result.counts);
  if (contract.length > 0)
    lines.push(
      `contract suites against Prism: ${contract.filter((result) => result.status === 'pass').length}/${contract.length} specs without a suite-class finding; findings (kinds per spec): suite ${sum(contract, 'suite')}, spec ${sum(contract, 'spec')}, mock ${sum(contract, 'mock')}, target ${sum(contract, 'target')}`,
    );
  const bad = resultsOf(specs, 'bad-input').filter((result) => result.counts);
  if (bad.length > 0)
    lines.push(
      `bad input against the stubs: ${sum(bad, 'requests')} requests, ${sum(bad, 'answers5xx')} answers of 5xx, ${sum(bad, 'outsideContract')} outside the contract (ours) over ${bad.filter((result) => result.status === 'fail').length}/${bad.length} specs`,
    );
  return lines;
}

export interface KindGroup {
  origin: Origin;
  stage: Stage;
  kind: string;
  tool?: string;
  specs: string[];
  occurrences: number;
  /** The first few specs' details (and pointers). */
  examples: Array<{ spec: string; detail: string; pointer?: string }>;
  fails: boolean;
}

/** Findings across specs, one group per origin, stage and kind, the most widespread first. */
export function groupByKind(specs: SpecResult[]): KindGroup[] {
  const groups = new Map<string, KindGroup>();
  for (const spec of specs)
    for (const result of spec.stages)
      for (const finding of result.findings as Finding[]) {
        const key = `${finding.origin}|${result.stage}|${finding.kind}`;
        const group =
          groups.get(key) ??
          groups
            .set(key, {
              origin: finding.origin,
              stage: result.stage,
              kind: finding.kind,
              ...(finding.tool ? { tool: finding.tool } : {}),
              specs: [],
              occurrences: 0,
              examples: [],
              fails: finding.fails,
            })
            .get(key)!;
        if (!group.specs.includes(spec.spec)) group.specs.push(spec.spec);
        group.occurrences += finding.count ?? 1;
        if (group.examples.length < 3 && !group.examples.some((example) => example.spec === spec.spec))
          group.examples.push({
            spec: spec.spec,
            detail: finding.detail,
            ...(finding.pointer ? { pointer: finding.pointer } : {}),
          });
      }
  return [...groups.values()].sort(
    (a, b) =>
      b.specs.length - a.specs.length ||
      b.occurrences - a.occurrences ||
      STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) ||
      a.kind.localeCompare(b.kind),
  );
}

const ORIGIN_TITLE: Record<Origin, string> = {
  ours: 'Ours (a fix in this toolkit)',
  upstream: 'Upstream tools (openapi-typescript, Prism, …)',
  spec: 'Spec defects (with their pointer)',
};

/** The groups under their origin, as Markdown; `limit` kinds per origin (the JSON report has all). */
export function formatGroups(groups: KindGroup[], limit = 40): string {
  const parts: string[] = [];
  for (const origin of ['ours', 'upstream', 'spec'] as Origin[]) {
    const own = groups.filter((group) => group.origin === origin);
    if (own.length === 0) continue;
    parts.push(`### ${ORIGIN_TITLE[origin]}: ${own.length} kind(s)\n`);
    for (const group of own.slice(0, limit)) {
      const example = group.examples[0];
      parts.push(
        `- **${group.kind}** (${group.stage}${group.tool ? `, ${group.tool}` : ''}${group.fails ? '' : ', classed, does not fail'}): ${group.specs.length} spec(s), ${group.occurrences} occurrence(s); e.g. \`${example.spec}\`${example.pointer ? ` at \`#${example.pointer.replace(/^#/, '')}\`` : ''}: ${example.detail}`,
      );
    }
    if (own.length > limit) parts.push(`- … ${own.length - limit} more kind(s) in the JSON report`);
    parts.push('');
  }
  return parts.join('\n');
}

/** Cost per spec and stage: the figures that say whether 300 specs fit in a few hours. */
export function costLine(specs: SpecResult[]): string {
  const times = specs.map((spec) => spec.ms / 1000);
  return `${specs.length} spec(s) in ${(times.reduce((a, b) => a + b, 0) / 60).toFixed(1)} min of worker time; per spec median ${quantile(times, 0.5).toFixed(1)} s, p90 ${quantile(times, 0.9).toFixed(1)} s, max ${quantile(times, 1).toFixed(1)} s`;
}

export function formatSummary(report: CorpusReport): string {
  return [
    `## ${report.package}@${report.version}, seed ${report.seed}, ${report.specs.length} spec(s)${report.filter ? `, filter ${report.filter}` : ''}${report.commit ? `, commit ${report.commit}` : ''}`,
    '',
    stageTable(report.specs, report.stages),
    '',
    ...headline(report.specs).map((line) => `- ${line}`),
    `- ${costLine(report.specs)}`,
    '',
    formatGroups(groupByKind(report.specs)),
  ].join('\n');
}

export async function writeReport(file: string, report: CorpusReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 1)}\n`);
}
