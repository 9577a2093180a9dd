/**
 * The comparison context every walk shares: the two documents, the findings so far, and which
 * parts of each document a walk has accounted for (so the residue check can list the rest).
 */
import type { OpenApiDocument } from '../core/document.js';
import { escapePointerPart, pointerToPath } from '../core/refs.js';

export interface Finding {
  rule: string;
  /** Human context: "POST /v1/nature/subjects request body .consent_artifact". */
  where: string;
  /** JSON pointer of the change in the head document (or of the nearest surviving parent). */
  pointer: string;
  /** What changed, briefly: "maxLength 200 → 100". */
  detail: string;
}

// Documents are untyped JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Side = 'base' | 'head';

/** A node of one document and the JSON pointer it lives at. */
export interface Located {
  node: Json;
  pointer: string;
}

/**
 * What an operation-shaped object is: an API operation (the client sends the request, our
 * server answers) or a webhook (our server sends the payload and headers, the receiver replies).
 */
export type Channel = 'operation' | 'webhook';

/** An operation (or webhook) with its parameters, path-level ones included. */
export interface Operation {
  method: string;
  path: string;
  pointer: string;
  node: Json;
  /** Path-level and operation-level parameters, resolved, keyed by location and name. */
  parameters: Map<string, Located>;
}

export const isObject = (value: unknown): value is Record<string, Json> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
/** A `$ref` into the same document (bundled documents have no others). */
export const isLocalRef = (value: unknown): value is { $ref: string } =>
  isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/');
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const show = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));
export const join = (pointer: string, ...parts: Array<string | number>) =>
  pointer + parts.map((part) => `/${escapePointerPart(String(part))}`).join('');

export function valueAt(document: Json, pointer: string): Json {
  if (!pointer) return document;
  return pointerToPath(`#${pointer}`).reduce<Json>(
    (node, key) => (node && typeof node === 'object' ? node[key] : undefined),
    document,
  );
}

/** The component a pointer lies in ("/components/schemas/Subject/..." → "/components/schemas/Subject"). */
const componentOf = (pointer: string) => /^\/components\/[^/]+\/[^/]+/.exec(pointer)?.[0];

export class Comparison {
  readonly findings: Finding[] = [];
  private readonly handled: Record<Side, Set<string>> = { base: new Set(), head: new Set() };
  private readonly reached: Record<Side, Set<string>> = { base: new Set(), head: new Set() };
  private readonly visits = new Set<string>();

  constructor(
    readonly base: OpenApiDocument,
    readonly head: OpenApiDocument,
  ) {}

  document(side: Side): Json {
    return side === 'base' ? this.base : this.head;
  }

  /** Marks a subtree (or a single keyword) as accounted for. */
  mark(side: Side, pointer: string | undefined): void {
    if (pointer !== undefined) this.handled[side].add(pointer);
  }

  /** Marks the same keyword under a base and a head node. */
  markBoth(basePointer: string, headPointer: string, ...keywords: string[]): void {
    for (const keyword of keywords) {
      this.mark('base', join(basePointer, keyword));
      this.mark('head', join(headPointer, keyword));
    }
  }

  isHandled(side: Side, pointer: string): boolean {
    for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
      if (this.handled[side].has(current)) return true;
      if (!current) return false;
    }
  }

  /** True the first time a key is seen: stops a walk from repeating itself (and from cycling). */
  firstVisit(key: string): boolean {
    if (this.visits.has(key)) return false;
    this.visits.add(key);
    return true;
  }

  add(
    rule: string,
    where: string,
    headPointer: string | undefined,
    basePointer: string | undefined,
    detail: string,
  ): void {
    this.findings.push({ rule, where, pointer: this.locate(headPointer, basePointer), detail });
  }

  /** The head pointer, or the nearest parent of the base pointer that still exists in head. */
  private locate(headPointer: string | undefined, basePointer: string | undefined): string {
    if (headPointer !== undefined) return headPointer;
    let current = basePointer ?? '';
    while (current && valueAt(this.head, current) === undefined)
      current = current.slice(0, current.lastIndexOf('/'));
    return current;
  }

  /**
   * Follows $refs one hop at a time, marking each $ref, and returns the target and its pointer.
   * Records each component it lands in as reached, so the residue check can tell unused ones apart.
   */
  resolve(side: Side, node: Json, pointer: string): Located {
    const document = this.document(side);
    for (let hops = 0; hops < 32 && isLocalRef(node); hops += 1) {
      const target = node.$ref.slice(1);
      this.followed(side, pointer, target);
      pointer = target;
      node = valueAt(document, pointer);
    }
    this.reach(side, pointer);
    return { node, pointer };
  }

  /** Records that the walk followed the $ref at `pointer` to `target`. */
  followed(side: Side, pointer: string, target: string): void {
    this.mark(side, join(pointer, '$ref'));
    this.reach(side, target);
  }

  private reach(side: Side, pointer: string): void {
    const component = componentOf(pointer);
    if (component) this.reached[side].add(component);
  }

  /** Whether a walk reached the component this pointer lies in (true outside components). */
  wasReached(side: Side, pointer: string): boolean {
    const component = componentOf(pointer);
    return component ? this.reached[side].has(component) || this.isHandled(side, component) : true;
  }
}
