/**
 * The import lines of a generated module: which names of the runtime (`_core`), `typing` and
 * `datetime` its code really uses (strict pyright refuses unused imports), found in one scan of
 * the module outside its strings and docstrings.
 */

/** The code without its string literals and docstrings, to see which names it really uses. */
function codeOnly(code: string): string {
  return code.replace(/"""[\s\S]*?"""/g, '""').replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/**
 * The names a module's code uses (strict pyright refuses unused imports), as names, not
 * attributes, outside its strings: in the code itself (`code`), and with the type strings of its
 * functional TypedDicts too (`withTypeStrings`); and whether it logs. One scan per module (its
 * caller passes it to both `usedCore` and `importLines`): a module of a large spec is megabytes.
 */
export interface NamesUsed {
  code: Set<string>;
  withTypeStrings: Set<string>;
  logging: boolean;
}

export function namesUsed(module: string): NamesUsed {
  const bare = codeOnly(module);
  const bareTypeStrings = codeOnly(typeStrings(module));
  const code = namesIn(bare);
  return {
    code,
    withTypeStrings: new Set([...code, ...namesIn(bareTypeStrings)]),
    logging: /\blogging\./.test(bare) || /\blogging\./.test(bareTypeStrings),
  };
}

/**
 * Which names of CORE, TYPING and the `datetime` module code without its strings (`codeOnly`)
 * uses: as a name, not an attribute (`.date`), a TypedDict key (`    date: str`) or a method (`def date(`).
 */
function namesIn(bare: string): Set<string> {
  const found = new Set<string>();
  // A word boundary, then the name, not after a dot: faster than a lookbehind, which V8 tries at every position.
  for (const match of bare.matchAll(NAME_PATTERN)) {
    const at = match.index;
    if (at > 0 && bare.charCodeAt(at - 1) === 46) continue;
    if (
      bare.charCodeAt(at + match[0].length) === 58 /* : */ &&
      /(?:^|\n)[ \t]*$/.test(bare.slice(Math.max(0, at - 64), at))
    )
      continue;
    if (bare.slice(Math.max(0, at - 4), at) === 'def ') continue;
    found.add(match[0]);
  }
  return found;
}

/** The `datetime` module's types for `format: date` and `format: date-time`. */
const DATETIME = ['date', 'datetime'];

const TYPING = [
  'Any',
  'Dict',
  'List',
  'Literal',
  'Mapping',
  'Optional',
  'Sequence',
  'TypedDict',
  'Union',
  'overload',
];

/** Runtime names a generated module may use. */
const CORE = [
  'APIResponse',
  'AsyncAPIResponse',
  'AsyncBaseClient',
  'AsyncCursorPage',
  'AsyncPaginator',
  'AsyncStream',
  'AsyncTransport',
  'BaseClient',
  'BinaryContent',
  'ClientConfig',
  'FileTypes',
  'FormData',
  'KeyPrefix',
  'NOT_GIVEN',
  'NotGiven',
  'AsyncPage',
  'AsyncPagePaginator',
  'PartWithHeaders',
  'RequestOptions',
  'RetryPolicy',
  'ServerSentEvent',
  'Stream',
  'SyncCursorPage',
  'SyncPage',
  'Transport',
  'deprecated',
  'to_async_streamed_response_wrapper',
  'to_streamed_response_wrapper',
];

/** Every name a module may import, as one pattern: one pass over a module finds them all. */
const NAME_PATTERN = new RegExp(`\\b(?:${[...CORE, ...TYPING, ...DATETIME].join('|')})\\b`, 'g');

/** The type strings of functional TypedDicts (`{"from": "Optional[Foo]"}`): code that lives in strings. */
function typeStrings(code: string): string {
  // Most modules have none: a plain search is much faster than the line pattern.
  if (!code.includes(' = TypedDict(')) return '';
  return [...code.matchAll(/^_\w+ = TypedDict\(.*$/gm)]
    .flatMap((line) =>
      [...line[0].matchAll(/: ("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]) as string),
    )
    .join('\n');
}

/** The runtime's names a module uses. */
export function usedCore(used: NamesUsed): string[] {
  return CORE.filter((name) => used.code.has(name));
}

export function importLines(used: NamesUsed, extraTyping: string[] = []): string[] {
  const typing = [
    ...new Set([...TYPING.filter((name) => used.withTypeStrings.has(name)), ...extraTyping]),
  ].sort();
  const lines = ['from __future__ import annotations', ''];
  if (used.logging) lines.push('import logging');
  const datetime = DATETIME.filter((name) => used.withTypeStrings.has(name));
  if (datetime.length > 0) lines.push(`from datetime import ${datetime.join(', ')}`);
  if (typing.length > 0) lines.push(`from typing import ${typing.join(', ')}`);
  return lines;
}
