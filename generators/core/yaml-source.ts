/**
 * A YAML spec parsed once per generation: the loader needs its value, the contract suites the line
 * of each pointer a finding can name, and parsing is the largest step of generating a small spec.
 * The loader parses with positions and leaves the parsed document here; the suites' line lookup
 * takes it (the same file with the same text), or parses again when it is not here.
 */
import { LineCounter, parseDocument, type Document } from 'yaml';

export interface ParsedYaml {
  document: Document.Parsed;
  lineCounter: LineCounter;
}

/**
 * The last document parsed, until it is taken: only one, because a large spec's syntax tree is
 * hundreds of megabytes, and only the generation that parsed it has a use for it.
 */
let last: { file: string; text: string; parsed: ParsedYaml } | undefined;

/**
 * The value of a YAML file, as `yaml`'s `parse(text, { maxAliasCount: -1 })` gives it (its warnings
 * emitted, its first error thrown); the parsed document stays for `takeParsedYaml`.
 */
export function parseYamlValue(file: string, text: string): unknown {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  for (const warning of document.warnings) process.emitWarning(warning);
  if (document.errors.length > 0) throw document.errors[0];
  const value = document.toJS({ maxAliasCount: -1 });
  last = { file, text, parsed: { document, lineCounter } };
  return value;
}

/** The document `parseYamlValue` parsed from this file with this text, once; undefined otherwise. */
export function takeParsedYaml(file: string, text: string): ParsedYaml | undefined {
  const found = last;
  last = undefined;
  return found && found.file === file && found.text === text ? found.parsed : undefined;
}
