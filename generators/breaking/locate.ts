/**
 * JSON pointer → line in the head spec's source, so each finding says `file:line`. Pointers into
 * parts bundled from other files fall back to the nearest parent present in the root file.
 */
import { parseWithLines, pointerOffset } from '../core/yaml-source.js';

export function lineLocator(text: string): (pointer: string) => number {
  const { document, lineCounter } = parseWithLines(text);
  return (pointer) => lineCounter.linePos(pointerOffset(document, pointer).offset).line;
}
