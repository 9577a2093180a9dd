/**
 * The repository's documentation: README.md (the front door) and the pages under docs/ it links
 * to. Tests that run the code blocks of the documentation read them all from here, so a section
 * moved from README.md to a page stays a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/root.js';

/** README.md, then every docs/*.md page, as paths from the repository's root. */
export const DOCUMENTATION = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export interface CodeBlock {
  /** The file, from the repository's root. */
  file: string;
  /** The line of its opening fence. */
  line: number;
  language: string;
  code: string;
}

/** The fenced code blocks of one Markdown text. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ file, line: i + 1, language: open[1], code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** Every code block of the documentation, in file order. */
export function documentationBlocks(): CodeBlock[] {
  return DOCUMENTATION.flatMap((file) => codeBlocks(file, readFileSync(path.join(ROOT, file), 'utf8')));
}
