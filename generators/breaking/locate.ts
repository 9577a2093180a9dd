/**
 * JSON pointer into the head spec's bundled document → where that part is written, so each
 * finding says `file:line`. In a spec split across files the pointer is followed through the
 * `$ref`s it crosses into the file that holds it (`schemas.yaml:6  #/Note/properties/text/type`);
 * a component the bundler made from a `$ref` written inline (`components/schemas/Note` for
 * `./schemas.yaml#/Note`) is found by the name the bundler gives it. A pointer that leads past
 * what is written (a part removed) names the nearest part that is there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapePointerPart, pointerToPath } from '../core/refs.js';
import { parseYamlSource, pointerLines, type PointerLines } from '../core/yaml-source.js';

export interface SourceLocation {
  /** The file, relative to the working directory. */
  file: string;
  line: number;
  /** The pointer within that file. */
  pointer: string;
}

export function lineLocator(text: string): (pointer: string) => number {
  const lines = pointerLines(text);
  return (pointer) => lines.locate(pointer).line;
}

interface Source {
  value: unknown;
  lines: PointerLines;
}

function readSource(file: string): Source {
  // The loader has read these files already and said their warnings.
  return parseYamlSource(readFileSync(file, 'utf8'), { warn: false });
}

/** Where each pointer of the document bundled from `rootFile` (and `files`, every file it was read from) is written. */
export function sourceLocator(rootFile: string, files: string[] = []): (pointer: string) => SourceLocation {
  const root = path.resolve(rootFile);
  const others = files.map((file) => path.resolve(file)).filter((file) => file !== root);
  const sources = new Map<string, Source>();
  const source = (file: string) => {
    let found = sources.get(file);
    if (!found) sources.set(file, (found = readSource(file)));
    return found;
  };
  const here = (file: string, keys: string[]): SourceLocation => {
    const pointer = keys.map((key) => `/${escapePointerPart(key)}`).join('');
    return {
      file: path.relative(process.cwd(), file),
      line: source(file).lines.locate(pointer).line,
      pointer,
    };
  };

  return (pointer) => {
    let file = root;
    let keys = pointerToPath(`#${pointer}`);
    // Each hop follows one $ref; 32 at most, so a cycle of files cannot hang the gate.
    for (let hops = 0; hops < 32; hops += 1) {
      let node: unknown;
      try {
        node = source(file).value;
      } catch {
        return here(root, pointerToPath(`#${pointer}`)); // a file that no longer reads: the root's nearest part
      }
      // Down the keys written here; a $ref is followed only for a key not written beside it (3.1
      // lets siblings such as `description` sit next to a $ref), never when the pointer ends at it.
      let depth = 0;
      let ref: string | undefined;
      for (; depth < keys.length; depth += 1) {
        if (!node || typeof node !== 'object') break;
        if (Object.hasOwn(node, keys[depth])) {
          node = (node as Record<string, unknown>)[keys[depth]];
          continue;
        }
        const target = (node as { $ref?: unknown }).$ref;
        if (typeof target === 'string') ref = target;
        break;
      }
      if (ref === undefined && depth < 3 && file === root && keys[0] === 'components' && keys.length > 2) {
        // Not written in the root: a component the bundler made from an inline external $ref.
        const made = bundledComponent([root, ...others], source, keys[2]);
        if (made) {
          [file, keys] = [made.file, [...made.keys, ...keys.slice(3)]];
          continue;
        }
      }
      if (ref === undefined) return here(file, keys);
      const [target, fragment = ''] = ref.split('#');
      if (target !== '') file = path.resolve(path.dirname(file), decodeURI(target));
      keys = [...pointerToPath(`#${fragment}`), ...keys.slice(depth)];
    }
    return here(root, pointerToPath(`#${pointer}`));
  };
}

/**
 * The one external `$ref` target, in any of the spec's files, that the bundler names `name` (its
 * last pointer part, or the file's name when it refers to a whole file); none when no target or
 * several do.
 */
function bundledComponent(
  files: string[],
  source: (file: string) => Source,
  name: string,
): { file: string; keys: string[] } | undefined {
  const targets = new Map<string, { file: string; keys: string[] }>();
  const visit = (from: string, node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 64) return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const [target, fragment = ''] = ref.split('#');
      const keys = pointerToPath(`#${fragment}`);
      const named = keys.at(-1) ?? path.basename(target).replace(/\.(ya?ml|json)$/i, '');
      const file = path.resolve(path.dirname(from), decodeURI(target));
      if (named === name) targets.set(`${file}#${fragment}`, { file, keys });
      return;
    }
    for (const child of Object.values(node)) visit(from, child, depth + 1);
  };
  for (const file of files) {
    try {
      visit(file, source(file).value, 0);
    } catch {
      // a file that no longer reads names nothing
    }
  }
  return targets.size === 1 ? [...targets.values()][0] : undefined;
}
