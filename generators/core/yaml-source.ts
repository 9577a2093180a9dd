/**
 * A YAML spec parsed once per generation: the loader needs its value, the contract suites the line
 * of each pointer a finding can name, and parsing is the largest step of generating a small spec.
 * The loader parses with js-yaml and a position index (yaml-index.ts), or with the `yaml` package
 * when that parse declines, and leaves what it parsed here; the suites' line lookup takes it (the
 * same file with the same text), or parses again when it is not here.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { pointerToPath } from './refs.js';
import { parseIndexed, type PointerLines } from './yaml-index.js';

export type { PointerLines } from './yaml-index.js';

export interface ParsedYaml {
  document: Document.Parsed;
  lineCounter: LineCounter;
}

/**
 * The last document parsed, until it is taken: only one, because a large spec's syntax tree is
 * hundreds of megabytes, and only the generation that parsed it has a use for it. `yaml` is there
 * only when the `yaml` package parsed it.
 */
let last: { file: string; text: string; lines: PointerLines; yaml?: ParsedYaml } | undefined;

/**
 * The value of a YAML file, as `yaml`'s `parse(text, { maxAliasCount: -1 })` gives it (its warnings
 * emitted, its first error thrown); what was parsed stays for `takePointerLines` and `takeParsedYaml`.
 */
export function parseYamlValue(file: string, text: string): unknown {
  const { value, lines, yaml } = parseYamlSource(text);
  last = { file, text, lines, yaml };
  return value;
}

/**
 * A YAML (or JSON) text's value and the line of each pointer in it: js-yaml with the position
 * index, or the `yaml` package's document when that declines (its warnings emitted unless `warn`
 * is false, its first error thrown).
 */
export function parseYamlSource(
  text: string,
  { warn = true } = {},
): { value: unknown; lines: PointerLines; yaml?: ParsedYaml } {
  const indexed = parseIndexed(text);
  if (indexed) return indexed;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (warn) for (const warning of document.warnings) process.emitWarning(warning);
  if (document.errors.length > 0) throw document.errors[0];
  const yaml = { document, lineCounter };
  return { value: document.toJS({ maxAliasCount: -1 }), lines: yamlPointerLines(yaml), yaml };
}

/** The lines of the document `parseYamlValue` parsed from this file with this text, once; undefined otherwise. */
export function takePointerLines(file: string, text: string): PointerLines | undefined {
  return take(file, text)?.lines;
}

/** The `yaml` document `parseYamlValue` parsed from this file with this text, once; undefined otherwise (js-yaml parsed it). */
export function takeParsedYaml(file: string, text: string): ParsedYaml | undefined {
  return take(file, text)?.yaml;
}

function take(file: string, text: string): typeof last {
  const found = last;
  last = undefined;
  return found && found.file === file && found.text === text ? found : undefined;
}

/** Lines by pointer of any YAML (or JSON) text: the fast index, or `yaml`'s document when that declines. */
export function pointerLines(text: string): PointerLines {
  return parseIndexed(text)?.lines ?? yamlPointerLines(parseWithLines(text));
}

/** `PointerLines` over a document the `yaml` package parsed. */
export function yamlPointerLines({ document, lineCounter }: ParsedYaml): PointerLines {
  return {
    locate(pointer) {
      const { offset, reached } = pointerOffset(document, pointer);
      return { line: lineCounter.linePos(offset).line, reached };
    },
  };
}

/**
 * A YAML (or JSON) text parsed for positions only, on the way to a line or an error: duplicate keys
 * and source tokens are not its business.
 */
export function parseWithLines(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  return {
    document: parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false }),
    lineCounter,
  };
}

/**
 * Where what a JSON pointer (without `#`) names starts in a parsed document: a member at its key, an
 * element at itself. `reached` is false when the pointer leads past the document; `offset` is then
 * where the deepest part it reached starts.
 */
export function pointerOffset(
  document: Document.Parsed,
  pointer: string,
): { offset: number; reached: boolean } {
  const { keyOffset, reached } = follow(document, pointerToPath(`#${pointer}`));
  return { offset: keyOffset, reached };
}

/**
 * Where the value a JSON pointer's keys name starts in a parsed document, or the deepest value on
 * its way when it leads past the document (an error's position). Keys match as `yaml` prints them,
 * so `responses: { 200: ... }` is reached by "200" (the document's own lookup, `getIn`, compares
 * the number 200 with the string and stops at `responses`).
 */
export function valueOffset(document: Document.Parsed, keys: string[]): number | undefined {
  return follow(document, keys).valueOffset;
}

/**
 * The walk both lookups above take: down the keys as far as they go, noting where the deepest
 * member's key (or element) and the deepest value start.
 */
function follow(
  document: Document.Parsed,
  keys: string[],
): { keyOffset: number; valueOffset: number | undefined; reached: boolean } {
  let node: unknown = document.contents;
  let valueOffset = (node as Node | null)?.range?.[0];
  let keyOffset = valueOffset ?? 0;
  for (const key of keys) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === key,
      );
      if (pair) {
        keyOffset = (pair.key as Node | null)?.range?.[0] ?? keyOffset;
        next = pair.value;
      }
    } else if (isSeq(node)) {
      next = node.items[Number(key)];
      if (next) keyOffset = (next as Node).range?.[0] ?? keyOffset;
    }
    if (next === undefined) return { keyOffset, valueOffset, reached: false };
    // A member without a value (`key:` parsed as null) leaves the deepest value where it was.
    valueOffset = (next as Node | null)?.range?.[0] ?? valueOffset;
    node = next;
  }
  return { keyOffset, valueOffset, reached: true };
}
