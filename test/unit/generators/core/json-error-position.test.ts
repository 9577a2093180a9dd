/** Where a spec's JSON does not parse, as a line and column a designer can jump to. */
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from '../../../../generators/core/load.js';

function parseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('jsonErrorPosition', () => {
  it("counts the line and column of JSON.parse's position (Node 20 gives only the index)", () => {
    // Before, every JSON error was reported at 1:1, whatever its place in a pretty-printed spec.
    const text = '{\n  "openapi": "3.1.0",\n  "info": {"title": "x" "version": "1"}\n}\n';
    const at = jsonErrorPosition(text, parseError(text));
    expect(at).toEqual({ line: 3, column: 25 });
    expect(text.split('\n')[at!.line - 1]!.slice(at!.column - 1)).toMatch(/^"version"/);
  });

  it('takes the line and column a later Node says, the end of a document cut short, and nothing from a message without either', () => {
    expect(jsonErrorPosition('', `Expected ',' (line 204 column 13)`)).toEqual({ line: 204, column: 13 });
    expect(jsonErrorPosition('{\n  "a": [1,', parseError('{\n  "a": [1,'))).toEqual({ line: 2, column: 11 });
    expect(jsonErrorPosition('', 'Unexpected token')).toBeUndefined();
  });
});
