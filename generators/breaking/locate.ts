/**
 * JSON pointer → line in the head spec's source, so each finding says `file:line`. Pointers into
 * parts bundled from other files fall back to the nearest parent present in the root file.
 */
import { pointerLines } from '../core/yaml-source.js';

export function lineLocator(text: string): (pointer: string) => number {
  const lines = pointerLines(text);
  return (pointer) => lines.locate(pointer).line;
}
