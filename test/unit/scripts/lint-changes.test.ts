/**
 * What the dev loop prints of a save's lint and warnings: only what the save added, and how much it
 * fixed; and the findings `lint` fails on with a project's baseline, which the same comparison gives.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { savedWarningLines } from '../../../scripts/lib/dev-loop.js';
import { warningLines } from '../../../generators/warning-lines.js';
import { baselineText, lintChanges, readBaseline, type Finding } from '../../../scripts/lib/lint.js';

const finding = (rule: string, line: number, message = `${rule} says so`): Finding => ({
  tool: 'spectral',
  file: 'openapi.yaml',
  line,
  column: 5,
  severity: 'warning',
  rule,
  message,
});

describe('lintChanges', () => {
  it('shows every finding the first time', () => {
    const now = [finding('a', 1), finding('b', 2)];
    expect(lintChanges(undefined, now)).toEqual({ shown: now, fixed: 0 });
  });

  it("shows none when an edit above the findings only moved them (a designer's save printed all 94 before)", () => {
    const last = [finding('operation-description', 10), finding('operation-description', 20)];
    const now = [finding('operation-description', 13), finding('operation-description', 23)];
    expect(lintChanges(last, now)).toEqual({ shown: [], fixed: 0 });
  });

  it('tells a new finding from moved ones by its pointer where lint gives one (a path added above them)', () => {
    const at = (line: number, pointer: string): Finding => ({ ...finding('no-trace', line), pointer });
    const last = [at(10, '/paths/~1a/trace'), at(20, '/paths/~1b/trace')];
    // A path added at the top moved both old findings down; its own comes first in the file.
    const added = at(5, '/paths/~1new/trace');
    const now = [added, at(15, '/paths/~1a/trace'), at(25, '/paths/~1b/trace')];
    expect(lintChanges(last, now)).toEqual({ shown: [added], fixed: 0 });
    // The walk's case: the new path below the old findings, which moved too.
    const below = at(40, '/paths/~1new/trace');
    expect(lintChanges(last, [at(12, '/paths/~1a/trace'), at(22, '/paths/~1b/trace'), below])).toEqual({
      shown: [below],
      fixed: 0,
    });
  });

  it('shows the new one of a rule found more often, where it was not before, and counts the fixed', () => {
    const last = [
      finding('operation-description', 10),
      finding('no-examples', 30),
      finding('no-examples', 40),
    ];
    const added = finding('operation-description', 50);
    const now = [finding('operation-description', 10), added, finding('no-examples', 40)];
    expect(lintChanges(last, now)).toEqual({ shown: [added], fixed: 1 });
  });
});

describe('a baseline of accepted findings', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'lint-baseline-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(folder, name), text);
    return path.join(folder, name);
  };

  it('reads back what it wrote, and accepts those findings however an edit moved them', async () => {
    const accepted = [
      { ...finding('oas3-api-servers', 1), severity: 'error' as const, also: 'redocly no-empty-servers' },
      { ...finding('path-params', 12), pointer: '/paths/~1a~1{id}/get' },
    ];
    const read = await readBaseline(file('lint-baseline.json', baselineText(accepted)));
    expect(read).toEqual(accepted);
    const moved = [
      finding('oas3-api-servers', 3),
      { ...finding('path-params', 30), pointer: '/paths/~1a~1{id}/get' },
    ];
    expect(lintChanges(read, moved)).toEqual({ shown: [], fixed: 0 });
    // One per line: adding or dropping a finding is a one-line diff in review.
    expect(
      baselineText(accepted)
        .split('\n')
        .filter((line) => line.includes('"rule"')),
    ).toHaveLength(2);
  });

  it('does not accept the same finding in another file (a split spec, or a second document)', () => {
    const accepted = [finding('operation-description', 4)];
    const elsewhere = { ...finding('operation-description', 4), file: 'dashboard.yaml' };
    expect(lintChanges(accepted, [finding('operation-description', 4), elsewhere])).toEqual({
      shown: [elsewhere],
      fixed: 0,
    });
  });

  it('is absent where there is no file, and a file that is not one is an error naming it and the fix', async () => {
    expect(await readBaseline(path.join(folder, 'none.json'))).toBeUndefined();
    await expect(readBaseline(file('broken.json', '{ "findings": ['))).rejects.toThrow(
      /broken\.json does not parse: .*\(`contract-kit lint --update-baseline` writes it again\)$/,
    );
    await expect(readBaseline(file('list.json', '[]'))).rejects.toThrow(/list\.json has no "findings" list/);
    await expect(
      readBaseline(file('entry.json', '{ "findings": [{ "tool": "spectral", "file": "a.yaml" }] }')),
    ).rejects.toThrow(/entry\.json: findings\[0\] has no "rule" string/);
  });
});

describe('savedWarningLines', () => {
  it("prints every warning the first time, then those a save added and how many it resolved (dev printed none: a plugin's warn() never showed)", () => {
    expect(savedWarningLines(undefined, ['a: one', 'b: two'])).toEqual([
      'warning: a: one',
      'warning: b: two',
    ]);
    expect(savedWarningLines(['a: one', 'b: two'], ['a: one', 'b: two'])).toEqual([]);
    expect(savedWarningLines(['a: one', 'b: two'], ['b: two', 'c: three'])).toEqual([
      'warning: c: three',
      'dev: 1 warning(s) resolved',
    ]);
  });

  it('prints at most 20 lines, then how many more', () => {
    const many = Array.from({ length: 600 }, (_, index) => `types: parameter ${index} is left out`);
    const lines = savedWarningLines(undefined, many);
    expect(lines).toHaveLength(21);
    expect(lines[19]).toBe('warning: types: parameter 19 is left out');
    expect(lines[20]).toBe('warning: … and 580 more line(s) (`generate --all-warnings` lists every warning)');
  });

  it("prints one warning at many places as generate does: its first three and a count (Trello's 600 lines were two warnings)", () => {
    const places = (message: string) =>
      Array.from({ length: 300 }, (_, index) => `api.json#/paths/~1p${index}/get/parameters/0: ${message}`);
    const lines = savedWarningLines(undefined, [
      ...places('key is left out'),
      ...places('token is left out'),
    ]);
    expect(lines).toEqual([
      'warning: api.json#/paths/~1p0/get/parameters/0: key is left out',
      'warning: api.json#/paths/~1p1/get/parameters/0: key is left out',
      'warning: api.json#/paths/~1p2/get/parameters/0: key is left out',
      'warning: … the same at 297 more places (`generate --all-warnings` lists every one)',
      'warning: api.json#/paths/~1p0/get/parameters/0: token is left out',
      'warning: api.json#/paths/~1p1/get/parameters/0: token is left out',
      'warning: api.json#/paths/~1p2/get/parameters/0: token is left out',
      'warning: … the same at 297 more places (`generate --all-warnings` lists every one)',
    ]);
  });
});

describe('warningLines', () => {
  it('groups a warning by its message, in the order each first appears, and lists every one with all', () => {
    const warnings = [
      'a.yaml#/x: one',
      'client: no place',
      'a.yaml#/y: one',
      'b.yaml#/z: two',
      'a.yaml#/w: one',
      'a.yaml#/v: one',
      'a.yaml#/u: one',
      'client: no place',
    ];
    expect(warningLines(warnings)).toEqual([
      'warning: a.yaml#/x: one',
      'warning: a.yaml#/y: one',
      'warning: a.yaml#/w: one',
      'warning: … the same at 2 more places (`generate --all-warnings` lists every one)',
      'warning: client: no place',
      'warning: b.yaml#/z: two',
    ]);
    expect(warningLines(warnings, { all: true })).toEqual(
      [...new Set(warnings)].map((warning) => `warning: ${warning}`),
    );
    // The same warning at the same place (Climate's shared 304 response, met from 11 operations): once.
    expect(
      warningLines(['a.yaml#/r: three', 'a.yaml#/r: three', 'a.yaml#/r: three', 'a.yaml#/r: three'], {
        all: true,
      }),
    ).toEqual(['warning: a.yaml#/r: three']);
    expect(warningLines([...warnings, 'a.yaml#/t: one']).at(3)).toBe(
      'warning: … the same at 3 more places (`generate --all-warnings` lists every one)',
    );
  });
});
