/**
 * What a streamed step printed that is worth printing again when it fails: its failure lines (vitest's
 * `FAIL  file > test` and `× test`, errors, our scripts' FAILED lines), bounded, then its last lines.
 * CI logs keep only the tail of a run, and three steps streaming side by side bury a step's failure
 * under the others' output.
 */
const FAILURE_LINE = /(^|\s)(FAIL|FAILED|×|✗)(\s|:|$)|Error:|not run to the end/;

export class FailureRecap {
  private readonly failures: string[] = [];
  private readonly tail: string[] = [];
  private droppedFailures = 0;

  constructor(
    readonly maxFailures = 120,
    readonly tailLength = 60,
  ) {}

  add(line: string): void {
    if (FAILURE_LINE.test(line)) {
      if (this.failures.length < this.maxFailures) this.failures.push(line);
      else this.droppedFailures += 1;
    }
    this.tail.push(line);
    if (this.tail.length > this.tailLength) this.tail.shift();
  }

  lines(): string[] {
    const more = this.droppedFailures > 0 ? [`… and ${this.droppedFailures} more failure line(s)`] : [];
    return this.failures.length > 0
      ? [...this.failures, ...more, `… its last ${this.tail.length} lines:`, ...this.tail]
      : this.tail;
  }
}
