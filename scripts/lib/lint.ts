/**
 * Runs Spectral (house ruleset) and Redocly on spec files and normalises both tools' findings
 * to one shape, so designers read one list: `file:line:col severity rule message`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Finding {
  tool: 'spectral' | 'redocly';
  file: string;
  line: number;
  column: number;
  severity: Severity;
  rule: string;
  message: string;
}

export interface ToolRun {
  findings: Finding[];
  ms: number;
}

interface ExecResult {
  stdout: string;
  stderr: string;
  code: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ stdout, stderr, code });
    });
  });
}

/** Tools report paths relative to ROOT (their cwd) or absolute; show them relative to the caller. */
function relative(file: string): string {
  return path.relative(process.cwd(), path.resolve(ROOT, file)) || file;
}

function parseJson<T>(tool: string, result: ExecResult): T {
  const start = result.stdout.search(/[[{]/);
  try {
    return JSON.parse(result.stdout.slice(start)) as T;
  } catch {
    const detail = (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n');
    throw new Error(`${tool} did not produce a report (exit ${result.code}):\n${detail}`);
  }
}

const SPECTRAL_SEVERITY: Severity[] = ['error', 'warning', 'info', 'hint'];

/** Spectral with the given ruleset (default: the house ruleset in .spectral.yaml). */
export async function runSpectral(files: string[], ruleset = path.join(ROOT, '.spectral.yaml')): Promise<ToolRun> {
  const started = performance.now();
  const result = await run(bin('spectral'), ['lint', ...files.map((file) => path.resolve(file)), '--ruleset', ruleset, '--format', 'json', '--quiet', '--fail-severity', 'error']);
  const report = parseJson<Array<{ code: string; message: string; severity: number; source?: string; range: { start: { line: number; character: number } } }>>('spectral', result);
  const findings = report.map((item) => ({
    tool: 'spectral' as const,
    file: relative(item.source ?? files[0]),
    line: item.range.start.line + 1,
    column: item.range.start.character + 1,
    severity: SPECTRAL_SEVERITY[item.severity] ?? 'error',
    rule: String(item.code),
    message: item.message,
  }));
  return { findings, ms: performance.now() - started };
}

/** Redocly with redocly.yaml's rules. */
export async function runRedocly(files: string[]): Promise<ToolRun> {
  const started = performance.now();
  const result = await run(bin('redocly'), ['lint', ...files.map((file) => path.resolve(file)), '--format', 'json'], { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });
  const report = parseJson<{ problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ source: { ref: string }; start?: { line: number; col: number } }> }> }>('redocly', result);
  const findings = report.problems.map((problem) => {
    const location = problem.location[0];
    return {
      tool: 'redocly' as const,
      file: relative(location?.source.ref ?? files[0]),
      line: location?.start?.line ?? 1,
      column: location?.start?.col ?? 1,
      severity: (problem.severity === 'warn' ? 'warning' : problem.severity) as Severity,
      rule: problem.ruleId,
      message: problem.message,
    };
  });
  return { findings, ms: performance.now() - started };
}

export interface LintResult {
  findings: Finding[];
  errors: number;
  spectralMs: number;
  redoclyMs: number;
}

/** Both linters on the same files, side by side; findings sorted by place. */
export async function lintSpec(files: string[]): Promise<LintResult> {
  const [spectral, redocly] = await Promise.all([runSpectral(files), runRedocly(files)]);
  const findings = sortFindings([...spectral.findings, ...redocly.findings]);
  return { findings, errors: findings.filter((finding) => finding.severity === 'error').length, spectralMs: spectral.ms, redoclyMs: redocly.ms };
}

export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}:${finding.column} ${finding.severity} ${finding.rule} ${finding.message}`;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
}
