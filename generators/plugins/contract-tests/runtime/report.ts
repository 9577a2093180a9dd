/**
 * The end-of-run report: the problems every suite process recorded (CONTRACT_FINDINGS_DIR), one
 * finding per root cause with its count, the operations, the pointer with file:line, a curl line
 * and the fix; printed per class, written as JSON (CONTRACT_REPORT) and, on GitHub Actions, as
 * annotations on the spec's lines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FINDING_CLASSES, failsRun, problemKey, type FindingClass, type Problem } from './findings.js';

export interface SpecLocations {
  /** The spec file, as given to the generator (relative to where it ran). */
  file: string;
  /** JSON pointer (without `#`) -> line, for the pointers findings name. */
  lines: Record<string, number>;
}

export interface Finding {
  class: FindingClass;
  check: string;
  /** The first occurrence's message. */
  message: string;
  count: number;
  operations: string[];
  pointer?: string | undefined;
  file?: string | undefined;
  line?: number | undefined;
  fix: string;
  curl?: string | undefined;
  /** Whether it fails the run (target, suite; spec with CONTRACT_STRICT_SPEC=true). */
  fails: boolean;
}

export interface Report {
  target: string;
  spec: { file: string; digest: string };
  strictSpec: boolean;
  counts: Record<FindingClass, number>;
  findings: Finding[];
}

/** The line of a pointer, or of its nearest ancestor the spec file has. */
export function lineOf(locations: SpecLocations, pointer: string | undefined): number | undefined {
  if (pointer === undefined) return undefined;
  for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
    if (locations.lines[current] !== undefined) return locations.lines[current];
    if (current === '') return undefined;
  }
}

export function readProblems(dir: string): Problem[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) =>
      readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Problem),
    );
}

export function buildReport(
  problems: Problem[],
  meta: { target: string; specDigest: string; locations: SpecLocations },
  env: Record<string, string | undefined> = process.env,
): Report {
  const byKey = new Map<string, Finding>();
  for (const problem of problems) {
    const key = problemKey(problem);
    const found = byKey.get(key);
    if (found) {
      found.count += 1;
      if (problem.operation && !found.operations.includes(problem.operation))
        found.operations.push(problem.operation);
      found.curl ??= problem.curl;
      continue;
    }
    const line = lineOf(meta.locations, problem.pointer);
    byKey.set(key, {
      class: problem.class,
      check: problem.check,
      message: problem.message,
      count: 1,
      operations: problem.operation ? [problem.operation] : [],
      ...(problem.pointer !== undefined ? { pointer: `#${problem.pointer}` } : {}),
      ...(line !== undefined ? { file: meta.locations.file, line } : {}),
      fix: problem.fix,
      ...(problem.curl ? { curl: problem.curl } : {}),
      fails: failsRun(problem.class, env),
    });
  }
  const order = (finding: Finding) => FINDING_CLASSES.indexOf(finding.class);
  const findings = [...byKey.values()].sort(
    (a, b) =>
      order(a) - order(b) ||
      b.count - a.count ||
      a.check.localeCompare(b.check) ||
      a.message.localeCompare(b.message),
  );
  const counts = Object.fromEntries(
    FINDING_CLASSES.map((kind) => [kind, findings.filter((finding) => finding.class === kind).length]),
  ) as Record<FindingClass, number>;
  return {
    target: meta.target,
    spec: { file: meta.locations.file, digest: meta.specDigest },
    strictSpec: env.CONTRACT_STRICT_SPEC === 'true',
    counts,
    findings,
  };
}

const HEADINGS: Record<FindingClass, string> = {
  target: 'target: the target broke the contract (fails the run)',
  suite: 'suite: the generated suites failed, a bug of ours (fails the run)',
  mock: 'mock: the mock accepted or answered what the spec forbids (does not fail the run)',
  spec: 'spec: the spec contradicts itself or leaves the answer open',
};

const operationsOf = (finding: Finding) =>
  finding.operations.length > 4
    ? `${finding.operations.slice(0, 4).join(', ')} and ${finding.operations.length - 4} more`
    : finding.operations.join(', ');

export function formatReport(report: Report): string {
  const total = FINDING_CLASSES.map((kind) => `${report.counts[kind]} ${kind}`).join(', ');
  const lines = [`contract report for ${report.target} (${report.spec.file}): ${total} finding(s)`];
  for (const kind of FINDING_CLASSES) {
    const findings = report.findings.filter((finding) => finding.class === kind);
    const heading =
      kind === 'spec'
        ? `${HEADINGS.spec} (${report.strictSpec ? 'fails the run: CONTRACT_STRICT_SPEC=true' : 'does not fail the run unless CONTRACT_STRICT_SPEC=true'})`
        : HEADINGS[kind];
    lines.push('', `${heading}: ${findings.length ? findings.length : 'none'}`);
    findings.forEach((finding, index) => {
      lines.push(
        `  ${index + 1}. [${finding.check}] ${finding.count}x${finding.operations.length ? ` in ${operationsOf(finding)}` : ''}: ${finding.message.split('\n')[0]!.slice(0, 400)}`,
      );
      if (finding.pointer)
        lines.push(`     at ${finding.file ? `${finding.file}:${finding.line} ` : ''}(${finding.pointer})`);
      lines.push(`     fix: ${finding.fix}`);
      if (finding.curl) lines.push(`     curl: ${printedCurl(finding.curl)}`);
    });
  }
  return lines.join('\n');
}

/** The longest curl line printed whole: a request with a file's bytes in its body runs to tens of kilobytes. */
export const CURL_PRINTED = 2_000;

/** A finding's curl line as the text report and an annotation print it; the JSON report keeps it whole. */
function printedCurl(curl: string): string {
  if (curl.length <= CURL_PRINTED) return curl;
  return `${curl.slice(0, CURL_PRINTED)}… (cut: ${curl.length - CURL_PRINTED} more characters; the JSON report, CONTRACT_REPORT=path, holds the whole line)`;
}

/**
 * One GitHub Actions workflow command (`::error file=…,line=…,title=…::message`), its properties and
 * message escaped as the runner reads them: an annotation on a file's line in the pull request.
 * `file` is given relative to the working folder and written relative to the repository's top
 * (GITHUB_WORKSPACE), where the runner looks for it: a job with a `working-directory` of `api/`
 * annotates `api/openapi.yaml`, not a file `openapi.yaml` the pull request does not have.
 */
export function workflowCommand(
  level: 'error' | 'warning' | 'notice',
  properties: Record<string, string | number | undefined>,
  message: string,
  workspace = process.env.GITHUB_WORKSPACE,
): string {
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const fromTop = (file: string) => {
    if (!workspace) return file;
    const relative = path.relative(workspace, path.resolve(file));
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
  };
  const given = Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, key === 'file' ? fromTop(String(value)) : value] as const);
  return `::${level} ${given.map(([key, value]) => `${key}=${property(String(value))}`).join(',')}::${data(message)}`;
}

/** GitHub Actions workflow commands: one annotation per finding on its spec line. */
export function githubAnnotations(report: Report): string[] {
  return report.findings.map((finding) =>
    workflowCommand(
      finding.fails ? 'error' : finding.class === 'spec' ? 'warning' : 'notice',
      {
        file: finding.file,
        line: finding.file ? finding.line : undefined,
        title: `contract ${finding.class}: ${finding.check} (${finding.count}x)`,
      },
      `${finding.message.split('\n')[0]!.slice(0, 600)}\nfix: ${finding.fix}${finding.curl ? `\ncurl: ${printedCurl(finding.curl)}` : ''}`,
    ),
  );
}
