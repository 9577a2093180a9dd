/** Shared bench helpers: medians, percentiles and the report table. */

export interface BenchRow {
  benchmark: string;
  baseline: string;
  measured: string;
  /** measured / baseline for costs (time), or measured / baseline for rates, as the row says; none for a report-only row. */
  ratio?: number;
  /** The smallest and largest ratio of the rounds, when the ratio is a median of several. */
  ratioRange?: [number, number];
  goal: string;
  /** Whether the goal is met; undefined for report-only rows. */
  met?: boolean;
}

/** Rounds of each alternating measurement (BENCH_RUNS, default 5, at least 1): the HTTP and store benches. */
export const BENCH_ROUNDS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Values as their median with the smallest and largest, e.g. `median 23733 (min 14862, max 25328)`. */
export function medianRange(values: number[], digits: number): string {
  return `median ${median(values).toFixed(digits)} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function formatRatio(row: BenchRow): string {
  if (row.ratio === undefined) return '-';
  return row.ratioRange
    ? `${row.ratio.toFixed(2)}x (${row.ratioRange[0].toFixed(2)}–${row.ratioRange[1].toFixed(2)})`
    : `${row.ratio.toFixed(2)}x`;
}

export function printTable(rows: BenchRow[]): string {
  const header = ['benchmark', 'baseline', 'measured', 'ratio', 'goal', 'met'];
  const cells = rows.map((row) => [
    row.benchmark,
    row.baseline,
    row.measured,
    formatRatio(row),
    row.goal,
    row.met === undefined ? '-' : row.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column].length)),
  );
  const line = (values: string[]) => values.map((value, column) => value.padEnd(widths[column])).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
