/**
 * JSON pointer → line in the head spec's source, so each finding says `file:line`. Pointers into
 * parts bundled from other files fall back to the nearest parent present in the root file.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { pointerToPath } from '../core/refs.js';

export function lineLocator(text: string): (pointer: string) => number {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, keepSourceTokens: false });
  return (pointer) => {
    let node: unknown = document.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    for (const key of pointerToPath(`#${pointer}`)) {
      let next: unknown;
      if (isMap(node)) {
        const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === key);
        if (pair) {
          offset = (pair.key as Node | null)?.range?.[0] ?? offset;
          next = pair.value;
        }
      } else if (isSeq(node)) {
        next = node.items[Number(key)];
        if (next) offset = (next as Node).range?.[0] ?? offset;
      }
      if (next === undefined) break;
      node = next;
    }
    return counter.linePos(offset).line;
  };
}
