/**
 * The raw differences between two JSON documents, as JSON pointers: the ground truth that every
 * classified finding must account for, so the gate never says "no changes" when there are some.
 */
import { escapePointerPart } from '../core/refs.js';

interface RawDifference {
  /** Pointer in the base document, when the value exists there. */
  base?: string;
  /** Pointer in the head document, when the value exists there. */
  head?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Array elements are matched by identity where they have one (parameters, servers, $refs), else by position. */
function identity(element: Json, index: number): string {
  if (isObject(element)) {
    if (typeof element.name === 'string' && typeof element.in === 'string')
      return `${element.in}:${element.name.toLowerCase()}`;
    if (typeof element.$ref === 'string') return `ref:${element.$ref}`;
    if (typeof element.url === 'string') return `url:${element.url}`;
  }
  return `#${index}`;
}

/** An added or removed subtree is reported leaf by leaf, so a rule can account for part of it. */
function leaves(value: Json, pointer: string, emit: (pointer: string) => void): void {
  const children = isObject(value)
    ? Object.entries(value)
    : Array.isArray(value) && value.some(isObject)
      ? value.map((element, index) => [String(index), element] as const)
      : [];
  if (!children.length) emit(pointer);
  for (const [key, child] of children) leaves(child, `${pointer}/${escapePointerPart(key)}`, emit);
}

export function jsonDiff(base: Json, head: Json): RawDifference[] {
  const out: RawDifference[] = [];
  const walk = (a: Json, b: Json, pa: string, pb: string) => {
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        const part = `/${escapePointerPart(key)}`;
        if (!(key in b)) leaves(a[key], pa + part, (pointer) => out.push({ base: pointer }));
        else if (!(key in a)) leaves(b[key], pb + part, (pointer) => out.push({ head: pointer }));
        else walk(a[key], b[key], pa + part, pb + part);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].some(isObject)) {
      const headIndex = new Map(b.map((element, index) => [identity(element, index), index]));
      const matched = new Set<number>();
      a.forEach((element, index) => {
        const other = headIndex.get(identity(element, index));
        if (other === undefined) leaves(element, `${pa}/${index}`, (pointer) => out.push({ base: pointer }));
        else {
          matched.add(other);
          walk(element, b[other], `${pa}/${index}`, `${pb}/${other}`);
        }
      });
      b.forEach(
        (element, index) =>
          matched.has(index) || leaves(element, `${pb}/${index}`, (pointer) => out.push({ head: pointer })),
      );
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ base: pa, head: pb });
  };
  walk(base, head, '', '');
  return out;
}
