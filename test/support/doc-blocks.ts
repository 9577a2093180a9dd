/** The fenced code blocks of a page under docs/, in order, by language (for tests that run a page's examples). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface DocBlock {
  language: string;
  code: string;
}

export async function docBlocks(page: string): Promise<DocBlock[]> {
  const text = await readFile(path.resolve('docs', page), 'utf8');
  return [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1],
    code: match[2],
  }));
}

/** The block of a language that contains `marker`; throws naming the page when there is none. */
export function blockWith(blocks: DocBlock[], language: string, marker: string, page: string): string {
  const found = blocks.find((block) => block.language === language && block.code.includes(marker));
  if (!found) throw new Error(`docs/${page} has no \`\`\`${language} block with ${marker}`);
  return found.code;
}
