/** Shared bench helpers: medians, percentiles and the report table. */

export interface BenchRow {
  benchmark: string;
  baseline: string;
  measured: string;
  /** measured / baseline for costs (time), or measured / baseline for rates, as the row says. */
  ratio: number;
  goal: string;
  /** Whether the goal is met; undefined for report-only rows. */
  met?: boolean;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function printTable(rows: BenchRow[]): string {
  const header = ['benchmark', 'baseline', 'measured', 'ratio', 'goal', 'met'];
  const cells = rows.map((row) => [row.benchmark, row.baseline, row.measured, `${row.ratio.toFixed(2)}x`, row.goal, row.met === undefined ? '-' : row.met ? 'yes' : 'NO']);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column])).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
