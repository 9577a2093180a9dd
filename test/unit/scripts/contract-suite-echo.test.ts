/**
 * What test:contract prints of the suites' run: every line but the checks skipped as not
 * applicable, which are counted by reason at the end (on Trello's spec against the mock, 6,583 of
 * 8,668 lines were such checks).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SkippedCounter } from '../../../scripts/lib/contract-suite.js';

function echoed(chunks: string[]): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const counter = new SkippedCounter(out);
  for (const chunk of chunks) counter.write(chunk);
  counter.end();
  return text;
}

const skipped = (name: string, reason: string) =>
  ` ↓ generated/contract-tests/bad-input.contract.test.ts > getThing > ${name} [not applicable: ${reason}]`;

describe('the echo of a contract run', () => {
  it('prints every other line as it came, and each reason of the skipped checks once, with their count', () => {
    const lines = [
      ' ✓ generated/contract-tests/api.contract.test.ts > getThing > a request from the examples 12ms',
      skipped('an unknown query parameter gets 400', 'the target is a stateless mock'),
      skipped('a malformed JSON body gets 400', 'the target is a stateless mock'),
      ' × generated/contract-tests/api.contract.test.ts > getThing > coverage 3ms',
      skipped('credentials: no key … each get 401', 'the target ignores authentication'),
      // A check the run skipped for its own reason (a record it did not make) is printed as it is.
      ' ↓ generated/contract-tests/api.contract.test.ts > deleteThing > a request from the examples',
      'contract report for Prism mock',
    ];
    // Split mid-line, as a pipe delivers them.
    const text = lines.join('\n') + '\n';
    const output = echoed([text.slice(0, 50), text.slice(50, 300), text.slice(300)]);
    expect(output.split('\n')).toEqual([
      lines[0],
      lines[3],
      lines[5],
      lines[6],
      ' ↓ 2 check(s) not applicable, not listed one by one: the target is a stateless mock',
      ' ↓ 1 check(s) not applicable, not listed one by one: the target ignores authentication',
      '',
    ]);
  });

  it('prints a last line that has no newline, and nothing more when no check was skipped', () => {
    expect(echoed(['passed 3', ', failed 0'])).toBe('passed 3, failed 0\n');
  });
});
