/**
 * A document as JSON (`JSON.stringify(value, null, 2)`) and as YAML (yaml-printer.mjs), spliced from
 * its units' texts (document-units.mjs): each unit is printed inside a frame of its ancestors' keys
 * (so the printer gives it the indentation it has in the whole document), the frame cut off, and the
 * units joined as the printer joins entries. A unit unchanged since the previous rendering keeps its
 * text, so a save prints what it touched. The same bytes as printing the whole document
 * (test/integration/generators/text-renderings.test.ts). Plain JavaScript: it runs in the document worker.
 */
import { printYaml } from './yaml-printer.mjs';

const pad = (width) => ' '.repeat(width);

/** `value` at `path`, wrapped in one single-key object per ancestor key: `{ k1: { k2: value } }`. */
function framed(path, value) {
  let frame = value;
  for (let index = path.length - 1; index >= 0; index -= 1) frame = { [path[index]]: frame };
  return frame;
}

/**
 * A unit's JSON entry as the whole document prints it: its key and value, indented for its depth
 * (`    "/users": {…}`). The frame's text is the entry between known openers and closers, cut off by
 * length: JSON.stringify prints `{\n`, then `  "k1": {\n` per ancestor, and the closers mirror them.
 */
export function jsonEntry(path, value) {
  const text = JSON.stringify(framed(path, value), null, 2);
  let opening = 2; // "{\n"
  let closing = 2; // "\n}"
  for (let depth = 1; depth < path.length; depth += 1) {
    opening += 2 * depth + JSON.stringify(path[depth - 1]).length + 4; // pad, key, ': {', '\n'
    closing += 2 * depth + 2; // '\n', pad, '}'
  }
  return text.slice(opening, text.length - closing);
}

/** A unit's YAML entry as the whole document prints it: the frame's text after its ancestors' lines. */
export function yamlEntry(path, value) {
  const text = printYaml(framed(path, value));
  let start = 0;
  for (let depth = 1; depth < path.length; depth += 1) start = text.indexOf('\n', start) + 1;
  return text.slice(start, text.length - 1);
}

/** A container's YAML header line (`  schemas:`), the one line its ancestors' frame prints for it. */
function yamlHeader(path) {
  const text = printYaml(framed(path, { x: 0 }));
  const lines = text.split('\n');
  return lines[path.length - 1];
}

/**
 * JSON entry texts of the shape's units: `previous`'s for units not in `changed`, `borrow(pointer,
 * value)`'s when it has one (another rendering's entry for the same value at the same place), printed
 * otherwise.
 */
export function jsonEntries(shape, changed, previous, borrow = () => undefined) {
  const texts = new Map();
  for (const [pointer, { path, value }] of shape.units) {
    const kept = changed.has(pointer) ? undefined : previous?.get(pointer);
    texts.set(pointer, kept ?? borrow(pointer, value) ?? jsonEntry(path, value));
  }
  return texts;
}

/** YAML entry texts, as jsonEntries (printYaml may throw UnsupportedYamlValue: the caller prints the whole). */
export function yamlEntries(shape, changed, previous) {
  const texts = new Map();
  for (const [pointer, { path, value }] of shape.units) {
    const kept = changed.has(pointer) ? undefined : previous?.get(pointer);
    texts.set(pointer, kept ?? yamlEntry(path, value));
  }
  return texts;
}

/**
 * The document's JSON from its units' entries; each line after the first indented `indent` more (the
 * document nested in another one at that depth, as the mock's copy serves the contract), the entries'
 * own lines too unless `indented` says they already are.
 */
export function joinJson(shape, texts, indent = 0, indented = false) {
  const extra = pad(indent);
  const entry = (node) => {
    if (node.unit !== undefined) {
      const text = texts.get(node.unit);
      return indent && !indented ? `${extra}${text.replaceAll('\n', `\n${extra}`)}` : text;
    }
    const own = `${extra}${pad(2 * node.path.length)}`;
    return `${own}${JSON.stringify(node.key)}: {\n${node.children.map(entry).join(',\n')}\n${own}}`;
  };
  if (shape.entries.length === 0) return '{}';
  return `{\n${shape.entries.map(entry).join(',\n')}\n${extra}}`;
}

/** The document's YAML from its units' entries (printYaml's text: entries joined by newlines, a final one). */
export function joinYaml(shape, texts, headers) {
  const entry = (node) => {
    if (node.unit !== undefined) return texts.get(node.unit);
    let header = headers.get(node.pointer);
    if (header === undefined) headers.set(node.pointer, (header = yamlHeader(node.path)));
    return `${header}\n${node.children.map(entry).join('\n')}`;
  };
  if (shape.entries.length === 0) return '{}\n';
  return `${shape.entries.map(entry).join('\n')}\n`;
}
