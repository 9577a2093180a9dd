/**
 * Loading: read an OpenAPI 3.0/3.1 document (YAML or JSON, split across files with $ref),
 * bundle it into one document with Redocly's resolver, and fail with file, JSON pointer and
 * reason when it cannot be read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { parse as parseYaml } from 'yaml';
import type { LoadedDocument, OpenApiDocument, Position } from './document.js';
import { jsonPointerOffset, linePosition, looksLikeJson } from './json-source.js';
import { hoistReferencedSchemas } from './hoisted-refs.js';
import { normaliseDiscriminatorMappings } from './discriminator.js';
import { bindDynamicRefs } from './dynamic-refs.js';
import { escapePointerPart, pointerToPath, resolvesIn } from './refs.js';
import { parseWithLines, parseYamlValue, takeParsedYaml, valueOffset } from './yaml-source.js';

/**
 * A problem that stops generation: where it is (file:line:col, and the JSON pointer) and what is
 * wrong. Its message is the one line every command prints: `file:line:col: reason (at #pointer)`.
 */
export class SpecError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly reason: string,
    position?: Position,
  ) {
    const at = position ?? locate(file, pointer);
    super(`${file}:${at.line}:${at.column}: ${reason}${pointer ? ` (at #${pointer})` : ''}`);
    this.name = 'SpecError';
    this.line = at.line;
    this.column = at.column;
  }
}

/**
 * Where a JSON pointer's node starts in a YAML or JSON file (line 1, column 1 when the file cannot be
 * read or the pointer leads nowhere). Reads the file again: only called on the way to an error.
 */
export function locate(file: string, pointer: string): Position {
  try {
    const text = readFileSync(file, 'utf8');
    const keys = pointerToPath(`#${pointer}`);
    // JSON without building a document of it (seconds for a spec of megabytes).
    if (looksLikeJson(text)) return linePosition(text, jsonPointerOffset(text, keys).offset);
    // A YAML spec the loader has just parsed (a dangling $ref) is not parsed again.
    const { document, lineCounter } = takeParsedYaml(path.resolve(file), text) ?? parseWithLines(text);
    // The deepest node the pointer reaches (a pointer past the document's end still gets close).
    const offset = valueOffset(document, keys);
    if (offset === undefined) return { line: 1, column: 1 };
    const position = lineCounter.linePos(offset);
    return { line: position.line, column: position.col };
  } catch {
    return { line: 1, column: 1 };
  }
}

export async function loadDocument(sourcePath: string): Promise<LoadedDocument> {
  const absolute = path.resolve(sourcePath);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new SpecError(
      sourcePath,
      '',
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  // A single file with only local $refs has nothing to bundle: parse it directly (GitHub's 13 MB
  // spec loads in ~0.1 s instead of ~1.5 s). Files with external $refs go through Redocly.
  const parsed = parseQuickly(sourcePath, absolute, text);
  if (!hasExternalRef(parsed)) {
    const dangling = danglingLocalRefs(parsed);
    if (dangling.length > 0) {
      const [first] = dangling;
      const more =
        dangling.length > 1
          ? ` (and ${dangling.length - 1} more dangling $ref${dangling.length > 2 ? 's' : ''})`
          : '';
      throw new SpecError(sourcePath, first.pointer, `'${first.ref}' does not exist${more}`);
    }
    return finish(sourcePath, parsed, [path.relative(process.cwd(), absolute)]);
  }
  const config = await createConfig({});
  const result = await bundle({ ref: absolute, config });
  const fatal = result.problems.find((problem) => problem.severity === 'error');
  if (fatal) {
    const location = fatal.location[0];
    // A $ref'd file that does not parse: Redocly places it at 1:1; say where it stops.
    const unparsed = location ? unparsedFile(location.source.absoluteRef) : undefined;
    if (unparsed) throw unparsed;
    const file = location ? path.relative(process.cwd(), location.source.absoluteRef) : sourcePath;
    const pointer = location?.pointer?.replace(/^#/, '') ?? '';
    throw new SpecError(
      file,
      pointer,
      explainBundleProblem(fatal.message, location?.source.absoluteRef, pointer),
    );
  }
  const files = [...result.fileDependencies, absolute].map((file) => path.relative(process.cwd(), file));
  return finish(sourcePath, result.bundle.parsed, [...new Set(files)].sort());
}

/**
 * A document already parsed (a released version read from git, a test's edited copy) made ready
 * as `loadDocument` makes a file: checked, its discriminator mappings and generic schemas resolved.
 */
export function documentFrom(sourcePath: string, parsed: unknown, files: string[] = []): LoadedDocument {
  return finish(sourcePath, parsed, files);
}

function finish(sourcePath: string, parsed: unknown, files: string[]): LoadedDocument {
  const document = parsed as OpenApiDocument;
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw new SpecError(
      sourcePath,
      '',
      'the file is not an OpenAPI document (expected an object at the top level)',
    );
  }
  const openapiVersion = String(document.openapi ?? '');
  if (!/^3\.[01]\.\d+$/.test(openapiVersion)) {
    const found = document.swagger ? `Swagger ${document.swagger}` : openapiVersion || 'no "openapi" field';
    throw new SpecError(sourcePath, '/openapi', `expected OpenAPI 3.0.x or 3.1.x, found ${found}`);
  }
  // Schemas references reach that are not components become components, once, for every emitter.
  hoistReferencedSchemas(document);
  // Discriminator mappings by schema name become references here, once, for every emitter.
  const mappingProblems = normaliseDiscriminatorMappings(document);
  if (mappingProblems.length > 0) {
    const [first] = mappingProblems;
    const more =
      mappingProblems.length > 1
        ? ` (and ${mappingProblems.length - 1} more unresolvable mapping value${mappingProblems.length > 2 ? 's' : ''})`
        : '';
    throw new SpecError(sourcePath, first.pointer, `${first.reason}${more}`);
  }
  // Generic schemas bound where they are used (`$dynamicRef` slots filled), once, for every emitter.
  bindDynamicRefs(document);
  let digest: string | undefined;
  return {
    sourcePath,
    document,
    openapiVersion,
    get digest() {
      return (digest ??= digestOf(document));
    },
    files,
  };
}

/** Where a JSON or YAML file's text does not parse, as the SpecError generation would throw; undefined when it parses. */
export function syntaxProblem(file: string, text: string): SpecError | undefined {
  try {
    parseQuickly(file, file, text);
    return undefined;
  } catch (error) {
    if (error instanceof SpecError) return error;
    throw error;
  }
}

/** Parses JSON or YAML, or says where it does not parse. */
function parseQuickly(sourcePath: string, file: string, text: string): unknown {
  try {
    return file.endsWith('.json') ? JSON.parse(text) : parseYamlValue(file, text);
  } catch (error) {
    const linePos = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0];
    const reason = (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new SpecError(
      sourcePath,
      '',
      `${file.endsWith('.json') ? 'JSON' : 'YAML'} does not parse: ${reason}`,
      linePos ? { line: linePos.line, column: linePos.col } : jsonErrorPosition(text, reason),
    );
  }
}

/**
 * Where JSON.parse stopped, from its message: Node 20 says only "at position N" (a UTF-16 index),
 * which the line and column are counted from; later Nodes add "(line L column C)".
 */
export function jsonErrorPosition(
  text: string,
  message: string,
): { line: number; column: number } | undefined {
  const said = / \(line (\d+) column (\d+)\)/.exec(message);
  if (said) return { line: Number(said[1]), column: Number(said[2]) };
  const at = / at position (\d+)/.exec(message);
  // A document cut short ends where it stops.
  if (!at && !/end of JSON input/.test(message)) return undefined;
  return linePosition(text, at ? Math.min(Number(at[1]), text.length) : text.length);
}

/** Every local `$ref` ("#/...") whose target is not in the document, with the $ref's own pointer. */
function danglingLocalRefs(document: unknown): Array<{ ref: string; pointer: string }> {
  const dangling: Array<{ ref: string; pointer: string }> = [];
  // A ref is usually written many times (GitHub's spec: tens of thousands of refs to a thousand places).
  const resolved = new Map<string, boolean>();
  const resolves = (ref: string) => {
    let known = resolved.get(ref);
    if (known === undefined) resolved.set(ref, (known = resolvesIn(document, ref)));
    return known;
  };
  // The keys on the way down; a pointer is spelled only for a ref that dangles.
  const keys: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        keys.push(String(index));
        visit(node[index]);
        keys.pop();
      }
    } else if (node && typeof node === 'object') {
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#')) {
          if (!resolves(child))
            dangling.push({
              ref: child,
              pointer: [...keys, key].map((part) => `/${escapePointerPart(part)}`).join(''),
            });
        } else if (child && typeof child === 'object') {
          keys.push(key);
          visit(child);
          keys.pop();
        }
      }
    }
  };
  visit(document);
  return dangling;
}

/**
 * Redocly says "Can't resolve $ref"; say which $ref, and why: its target does not exist, or the
 * file it names is there but does not parse (where it stops, as that file's own finding says).
 */
export function explainBundleProblem(message: string, file: string | undefined, pointer: string): string {
  if (!/resolve \$ref/i.test(message) || !file) return message;
  try {
    let node: unknown = parseYaml(readFileSync(file, 'utf8'));
    for (const key of pointerToPath(`#${pointer}`)) node = (node as Record<string, unknown>)?.[key];
    const ref = (node as { $ref?: unknown })?.$ref ?? node;
    if (typeof ref !== 'string') return message;
    const target = ref.split('#')[0];
    const targetFile = target ? path.resolve(path.dirname(file), decodeURI(target)) : undefined;
    const unparsed = targetFile && existsSync(targetFile) ? unparsedFile(targetFile) : undefined;
    return unparsed ? `'${ref}' cannot be resolved: ${unparsed.message}` : `'${ref}' does not exist`;
  } catch {
    return message;
  }
}

/** Where a JSON or YAML file stops parsing, or undefined when it parses (or cannot be read). */
function unparsedFile(file: string): SpecError | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return syntaxProblem(path.relative(process.cwd(), file), text);
}

function hasExternalRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) return true;
        if (child && typeof child === 'object') stack.push(child);
      }
    }
  }
  return false;
}

/** sha256 of a value's JSON with object keys sorted, so formatting and key order do not matter. */
export function digestOf(value: unknown): string {
  const hash = createHash('sha256');
  const parts: string[] = [];
  writeCanonical(value, parts, hash);
  hash.update(parts.join(''));
  return `sha256:${hash.digest('hex')}`;
}

/** Parts held before they are hashed: one string per few thousand, not a string per object and level. */
const PARTS_PER_UPDATE = 4096;

/**
 * The value as JSON with every object's keys sorted, written into `parts` (handed to `hash` as
 * they pile up): the text a join of nested strings made, without a string per object and level
 * (GitHub's spec: 176 MB of them).
 */
function writeCanonical(value: unknown, parts: string[], hash: Hash): void {
  if (parts.length >= PARTS_PER_UPDATE) hash.update(parts.splice(0).join(''));
  if (Array.isArray(value)) {
    parts.push('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) parts.push(',');
      writeCanonical(value[index], parts, hash);
    }
    parts.push(']');
  } else if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    parts.push('{');
    for (let index = 0; index < keys.length; index += 1) {
      parts.push(index > 0 ? `,${JSON.stringify(keys[index])}:` : `${JSON.stringify(keys[index])}:`);
      writeCanonical((value as Record<string, unknown>)[keys[index]], parts, hash);
    }
    parts.push('}');
  } else parts.push(JSON.stringify(value) ?? 'null');
}
