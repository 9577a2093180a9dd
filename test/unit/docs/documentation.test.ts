/**
 * The documentation's shape: README.md is a front door a newcomer reads in minutes, every page
 * under docs/ is one link from it, and every relative link in README.md and docs/ leads to a file
 * that exists and, with an anchor, to a heading in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/root.js';
import { codeBlocks, DOCUMENTATION } from '../../support/documentation.js';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Markdown outside code blocks (a `[x](y)` in a code sample is code, not a link). */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      return !fenced;
    })
    .join('\n')
    .replace(/`[^`\n]*`/g, '``');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

describe('the documentation', () => {
  it('keeps README.md under 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(300);
  });

  it('links every page under docs/ from README.md', () => {
    const readme = prose(read('README.md'));
    const pages = DOCUMENTATION.filter((file) => file.startsWith('docs/'));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(pages.filter((page) => !readme.includes(`](${page})`) && !readme.includes(`](${page}#`))).toEqual(
      [],
    );
  });

  it.each(DOCUMENTATION)(
    '%s: every relative link leads to a file, and its anchor to a heading there',
    (file) => {
      const broken: string[] = [];
      for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [relative, anchor] = target.split('#');
        const linked = relative === '' ? file : path.posix.join(path.posix.dirname(file), relative);
        if (!existsSync(path.join(ROOT, linked))) {
          broken.push(`${target}: no file ${linked}`);
          continue;
        }
        if (anchor && linked.endsWith('.md') && !anchors(read(linked)).has(anchor))
          broken.push(`${target}: no heading #${anchor} in ${linked}`);
      }
      expect(broken).toEqual([]);
    },
  );

  it('reads code blocks with their language and opening line', () => {
    expect(codeBlocks('x.md', 'text\n```ts\nconst a = 1;\n```\n```\nplain\n```\n')).toEqual([
      { file: 'x.md', line: 2, language: 'ts', code: 'const a = 1;' },
      { file: 'x.md', line: 5, language: '', code: 'plain' },
    ]);
  });
});
