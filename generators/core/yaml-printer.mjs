/**
 * A JSON value printed as YAML, byte for byte what the `yaml` package prints for it with the options
 * the contract uses (YAML_OPTIONS below), in a seventh of the time: `yaml` builds a node per value and
 * then prints the nodes, which on GitHub's spec is over a second of a worker's time. The rules below
 * are `yaml`'s own (yaml/dist/stringify: stringifyString, stringifyPair, stringifyCollection), kept
 * to the cases a JSON value reaches with those options; what falls outside them (a key over 1024
 * characters, a scalar at the root, a value that is not JSON: a Date, a bigint, a class instance) throws
 * UnsupportedYamlValue, and the caller prints that document with `yaml` instead. Checked against
 * `yaml` on every spec of the corpus and on generated values (test/unit/generators/core/yaml-printer.test.ts).
 * Plain JavaScript: it runs in the document worker (document-worker.mjs).
 */
import { Document } from 'yaml';

/** The options whose output this printer reproduces; printYaml's callers pass these to `yaml` when it throws. */
export const YAML_OPTIONS = Object.freeze({ aliasDuplicateObjects: false, lineWidth: 0, directives: false });

export class UnsupportedYamlValue extends Error {}

const INDENT_STEP = '  ';
/** Characters `yaml` prints only double-quoted, escaped: control characters and lone surrogates. */
const NEEDS_ESCAPES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
/** What a plain scalar cannot start with, hold or end with (yaml's plainString). */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
/**
 * Plain text that would read back as another type (null, a boolean, a number): the default schema's
 * own tests, taken from `yaml` so they cannot drift from the version installed.
 */
const READS_AS_NON_STRING = new Document().schema.tags
  .filter((tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test)
  .map((tag) => tag.test);

/**
 * `value` as YAML: what `new Document(value, YAML_OPTIONS).toString(YAML_OPTIONS)` returns. The root
 * is a mapping or a sequence (a document's is): every scalar is then indented, which is all the rules
 * below handle (`yaml` treats an unindented root scalar apart).
 */
export function printYaml(value) {
  if (value === null || typeof value !== 'object') throw new UnsupportedYamlValue('a scalar at the root');
  return `${node(value, '')}\n`;
}

/** A node at `indent` (the indentation of its continuation lines), without a trailing newline. */
function node(value, indent) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return string(value, indent, false);
    case 'number':
      return number(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return sequence(value, indent);
      if (isPlainObject(value)) return mapping(value, indent);
      throw new UnsupportedYamlValue(`not a JSON value: ${Object.prototype.toString.call(value)}`);
    default:
      throw new UnsupportedYamlValue(`not a JSON value: ${typeof value}`);
  }
}

function isPlainObject(value) {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof value.toJSON !== 'function';
}

function number(value) {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value < 0 ? '-.inf' : '.inf';
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

/**
 * A sequence: `- item` lines, items indented a step (yaml's indentSeq); empty, `[]`. An `undefined`
 * item prints as null, as `yaml` does.
 */
function sequence(items, indent) {
  if (items.length === 0) return '[]';
  const itemIndent = indent + INDENT_STEP;
  let out = '';
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    const text = item === undefined ? 'null' : node(item, itemIndent);
    out += index === 0 ? `- ${text}` : `\n${indent}- ${text}`;
  }
  return out;
}

/**
 * A mapping: `key: value` lines; a non-empty collection value starts on the next line, indented a
 * step; empty, `{}`. Keys whose value is `undefined` are left out, as `yaml` does. (yaml's
 * all-null-values form, `? key`, never applies: a created node's null is a scalar, not null.)
 */
function mapping(object, indent) {
  const childIndent = indent + INDENT_STEP;
  let out = '';
  let first = true;
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    const value = object[key];
    if (value === undefined) continue;
    const keyText = string(key, childIndent, true);
    if (keyText.length > 1024)
      throw new UnsupportedYamlValue('a key over 1024 characters (yaml prints it as an explicit key)');
    // A non-empty collection starts on the next line; a scalar (a block scalar's header too) and `{}` or `[]` on the key's.
    const block =
      value !== null &&
      typeof value === 'object' &&
      (Array.isArray(value) ? value.length > 0 : isPlainObject(value) && hasOwnDefined(value));
    out += `${first ? '' : `\n${indent}`}${keyText}:${block ? `\n${childIndent}` : ' '}${node(value, childIndent)}`;
    first = false;
  }
  return first ? '{}' : out;
}

/** True when the object has an own enumerable key with a defined value: it prints as a block mapping. */
function hasOwnDefined(object) {
  for (const key in object)
    if (Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined) return true;
  return false;
}

/** yaml's stringifyString for a string scalar (`actualString`), plain first, at `indent`. */
function string(value, indent, implicitKey) {
  if (NEEDS_ESCAPES.test(value)) return doubleQuoted(value, indent, implicitKey);
  const multiline = value.includes('\n');
  if (implicitKey && multiline) return quoted(value, indent, implicitKey);
  if (NOT_PLAIN.test(value))
    return implicitKey || !multiline ? quoted(value, indent, implicitKey) : block(value, indent);
  if (!implicitKey && multiline) return block(value, indent);
  if (implicitKey && indent === INDENT_STEP && DOCUMENT_MARKER.test(value))
    return quoted(value, indent, implicitKey);
  for (const test of READS_AS_NON_STRING) if (test.test(value)) return quoted(value, indent, implicitKey);
  return value;
}

function quoted(value, indent, implicitKey) {
  const hasDouble = value.includes('"');
  const hasSingle = value.includes("'");
  return hasDouble && !hasSingle
    ? singleQuoted(value, indent, implicitKey)
    : doubleQuoted(value, indent, implicitKey);
}

function singleQuoted(value, indent, implicitKey) {
  if ((implicitKey && value.includes('\n')) || /[ \t]\n|\n[ \t]/.test(value))
    return doubleQuoted(value, indent, implicitKey);
  return `'${value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`)}'`;
}

/** yaml's doubleQuotedString with lineWidth 0 (nothing folded) and doubleQuotedMinMultiLineLength 40. */
function doubleQuoted(value, indent, implicitKey) {
  const json = JSON.stringify(value);
  let out = '';
  let start = 0;
  for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
    if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
      // a space before a newline is escaped, or folding would eat it
      out += `${json.slice(start, i)}\\ `;
      i += 1;
      start = i;
      ch = '\\';
    }
    if (ch !== '\\') continue;
    const escape = json[i + 1];
    if (escape === 'u') {
      out += json.slice(start, i);
      const code = json.substr(i + 2, 4);
      out += SHORT_ESCAPES[code] ?? (code.startsWith('00') ? `\\x${code.slice(2)}` : json.substr(i, 6));
      i += 5;
      start = i + 1;
    } else if (escape === 'n') {
      if (implicitKey || json[i + 2] === '"' || json.length < 40) {
        i += 1;
      } else {
        // a line break in the text; the first escaped newline becomes two real ones
        out += `${json.slice(start, i)}\n\n`;
        while (json[i + 2] === '\\' && json[i + 3] === 'n' && json[i + 4] !== '"') {
          out += '\n';
          i += 2;
        }
        out += indent;
        // a space after a line break is escaped, or it would be read as indentation
        if (json[i + 2] === ' ') out += '\\';
        i += 1;
        start = i + 1;
      }
    } else {
      i += 1;
    }
  }
  return start ? out + json.slice(start) : json;
}

/** yaml's short escapes for what JSON.stringify writes as `\u00XX` (it writes U+0085, U+00A0, U+2028 and U+2029 as they are). */
const SHORT_ESCAPES = { '0000': '\\0', '0007': '\\a', '000b': '\\v', '001b': '\\e' };

/** yaml's blockString, literal (lineWidth 0 never folds), for a multi-line value. */
function block(value, indent) {
  if (/\n[\t ]+$/.test(value)) return quoted(value, indent, false);
  // chomping from the whitespace at the end
  let endStart = value.length;
  while (endStart > 0) {
    const ch = value[endStart - 1];
    if (ch !== '\n' && ch !== '\t' && ch !== ' ') break;
    endStart -= 1;
  }
  let end = value.substring(endStart);
  const endNewline = end.indexOf('\n');
  const chomp = endNewline === -1 ? '-' : value === end || endNewline !== end.length - 1 ? '+' : '';
  if (end) {
    value = value.slice(0, -end.length);
    if (end[end.length - 1] === '\n') end = end.slice(0, -1);
    end = end.replace(BLOCK_END_NEWLINES, `$&${indent}`);
  }
  // an indentation indicator when the text starts with a space
  let startsWithSpace = false;
  let startEnd;
  let startNewline = -1;
  for (startEnd = 0; startEnd < value.length; startEnd += 1) {
    const ch = value[startEnd];
    if (ch === ' ') startsWithSpace = true;
    else if (ch === '\n') startNewline = startEnd;
    else break;
  }
  let start = value.substring(0, startNewline < startEnd ? startNewline + 1 : startEnd);
  if (start) {
    value = value.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  // The indicator counts from the parent's indentation: always one step here (never at the root).
  const header = (startsWithSpace ? '2' : '') + chomp;
  return `|${header}\n${indent}${start}${value.replace(/\n+/g, `$&${indent}`)}${end}`;
}

const BLOCK_END_NEWLINES = /(^|(?<!\n))\n+(?!\n|$)/g;
