/**
 * Empty text stays empty text where the schema takes it. A coercing Ajv turns "" into null wherever
 * a schema's type is null, and a union evaluates every branch (2020-12 tracks what each branch
 * evaluated), so OpenAPI 3.0's `nullable` beside a `$ref` or a `oneOf`, which reads as
 * `anyOf: [X, {type: 'null'}]`, turned a parameter or form field sent as "" into null even where X
 * takes "" as it is (a nullable string behind a `$ref`; Django REST framework's `BlankEnum`). No
 * client sends null as text: it leaves the field out. So in a union, a branch of type null takes
 * "" only when no other branch takes it as written, and then makes it null as before.
 *
 * The other half of Ajv's every-branch evaluation on text, fixed-text branches ordered first, is
 * decided at generation (text-choices.ts); this one needs Ajv itself to judge a branch, so it is
 * made here, where the schemas are registered. The coercing Ajv (validation.ts) holds its schemas
 * with each such branch replaced by the keyword `TEXT_NULL`, whose value names the union's other
 * branches: where they sit in a shared document (`shared.json#/components/schemas/A/anyOf/0`), or
 * the branches themselves in a route's schema (whose refs are absolute).
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';

export const TEXT_NULL = 'x-text-null';

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/** The union's other branches: their locations in a shared document, or the branches themselves. */
type OtherBranches = { at: string[] } | { inline: Schema[] };

/** Keys whose values are data, not schemas: never walked. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', TEXT_NULL]);

/** A branch that takes null and nothing else by its type: where Ajv coerces "" to null. */
export function isNullBranch(schema: Schema): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Object.hasOwn(schema, TEXT_NULL)) return true;
  const type = schema.type;
  return type === 'null' || (Array.isArray(type) && type.length > 0 && type.every((each) => each === 'null'));
}

/**
 * The schema with each null-typed branch of an `anyOf`/`oneOf` that has other branches replaced by
 * the keyword (copied along the changed paths only; the rest is shared). `base`: the location of
 * `schema` in a shared document (`shared.json#`), or undefined for a route's schema.
 */
export function withTextNull(schema: Schema, base: string | undefined): Schema {
  return rewrite(schema, base === undefined ? undefined : [base]);
}

/** `path`: the keys from the shared document's root (its first item the document's `id#`); spelled only where a union needs it. */
function rewrite(node: Schema, path: string[] | undefined): Schema {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let out: Schema[] | undefined;
    for (let index = 0; index < node.length; index += 1) {
      path?.push(String(index));
      const next = rewrite(node[index], path);
      path?.pop();
      if (next !== node[index]) (out ??= [...node])[index] = next;
    }
    return out ?? node;
  }
  let out: Schema | undefined;
  for (const key of Object.keys(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    const value = node[key];
    if (!value || typeof value !== 'object') continue;
    path?.push(key);
    let next = rewrite(value, path);
    if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(next)) next = withKeyword(next, path);
    path?.pop();
    if (next !== value) {
      out ??= { ...node };
      // A property may be named `__proto__`: set as its own key.
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? node;
}

/** A union's null-typed branches as the keyword, naming the other branches; the union itself when it has none of either. */
function withKeyword(branches: Schema[], path: string[] | undefined): Schema[] {
  const others: number[] = [];
  for (let index = 0; index < branches.length; index += 1)
    if (!isNullBranch(branches[index])) others.push(index);
  if (others.length === 0 || others.length === branches.length) return branches;
  const spelled =
    path &&
    `${path[0]}${path
      .slice(1)
      .map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
      .join('')}`;
  const named: OtherBranches =
    spelled === undefined
      ? { inline: others.map((index) => branches[index]) }
      : { at: others.map((index) => `${spelled}/${index}`) };
  return branches.map((branch) =>
    isNullBranch(branch) && !Object.hasOwn(branch, TEXT_NULL) ? { [TEXT_NULL]: named } : branch,
  );
}

/**
 * Adds the keyword to a coercing Ajv: null passes; "" passes, as null in its parent, when none of
 * the union's other branches takes "" as written (each judged once, on first use, by the same Ajv:
 * valid and still "").
 */
export function addTextNull(ajv: Ajv2020): void {
  const judged = new WeakMap<object, boolean>();
  const takesBlank = (others: OtherBranches): boolean => {
    let known = judged.get(others);
    if (known === undefined) {
      const branches = 'at' in others ? others.at.map((ref) => ({ $ref: ref })) : others.inline;
      known = branches.some((branch) => {
        const validate = ajv.compile({ type: 'object', properties: { text: branch } }) as ValidateFunction;
        const holder = { text: '' };
        return validate(holder) && holder.text === '';
      });
      judged.set(others, known);
    }
    return known;
  };
  ajv.addKeyword({
    keyword: TEXT_NULL,
    modifying: true,
    errors: true,
    validate: function textNull(
      others: OtherBranches,
      data: unknown,
      _parent: unknown,
      context?: { parentData?: Record<string | number, unknown>; parentDataProperty?: string | number },
    ): boolean {
      if (data === null) return true;
      if (data === '' && !takesBlank(others)) {
        if (context?.parentData && context.parentDataProperty !== undefined)
          context.parentData[context.parentDataProperty] = null;
        return true;
      }
      (textNull as unknown as { errors: unknown[] }).errors = [
        { keyword: 'type', params: { type: 'null' }, message: 'must be null' },
      ];
      return false;
    },
  });
}
