/**
 * Text in a union, as the coercing Ajv (validation.ts) reads parameters and form fields. Ajv
 * evaluates every branch of a union (2020-12 tracks what each branch evaluated) and each coerces
 * the value in place, so a branch another one should have answered changed what arrived:
 *
 * - Empty text. A branch of type null turns "" into null, so OpenAPI 3.0's `nullable` beside a
 *   `$ref` or a `oneOf`, which reads as `anyOf: [X, {type: 'null'}]`, made a field sent as "" null
 *   even where X takes "" as it is (a nullable string behind a `$ref`; Django REST framework's
 *   `BlankEnum`). No client sends null as text: it leaves the field out. So a null branch takes ""
 *   only when no other branch takes it as written, and then makes it null as before.
 * - Numbers. A branch of type integer or number turns any text JavaScript reads as a number into
 *   one (`0x10` is 16, a tab is 0, ` 5` is 5), and a string branch beside it turned that back into
 *   text: GitHub's `workflow_id` (an integer or a file name) sent as "0x10" arrived as "16". So
 *   beside a branch that takes text, a number branch takes text only where it reads back as the
 *   same text (`12`, not `1e3`, `-0` or `007`), so nothing the client wrote is lost either way
 *   (decimal-numbers.ts refuses text no decimal number writes where nothing but numbers is taken).
 * - `oneOf`. Text cannot say which branch it meant (`12` is an integer and a name), so a union of
 *   text is read as `anyOf`, as the generator already writes a parameter's own (server/emit.ts).
 *
 * The coercing Ajv holds its schemas so rewritten: the null branch becomes the keyword `TEXT_NULL`,
 * whose value names the union's other branches (where they sit in a shared document,
 * `shared.json#/components/schemas/A/anyOf/0`, or the branches themselves in a route's schema,
 * whose refs are absolute); a number branch beside a branch that takes text becomes
 * `{allOf: [{NUMBER_TEXT: true}, branch]}`; `oneOf` becomes `anyOf`. Fixed-text branches go first at generation
 * (text-choices.ts); these need the shared documents to judge a branch, so they are made here.
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from '../../../core/schema-keywords.js';
import { takesNumbersOnly } from './decimal-numbers.js';
import { pointerPart } from './refs.js';

export const TEXT_NULL = 'x-text-null';
export const NUMBER_TEXT = 'x-number-text';

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/** The union's other branches: their locations in a shared document, or the branches themselves. */
type OtherBranches = { at: string[] } | { inline: Schema[] };

/** A branch that takes null and nothing else by its type: where Ajv coerces "" to null. */
export function isNullBranch(schema: Schema): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Object.hasOwn(schema, TEXT_NULL)) return true;
  const type = schema.type;
  return type === 'null' || (Array.isArray(type) && type.length > 0 && type.every((each) => each === 'null'));
}

/** A number branch already guarded. */
function isGuarded(schema: Schema): boolean {
  return Array.isArray(schema?.allOf) && Object.hasOwn(schema.allOf[0] ?? {}, NUMBER_TEXT);
}

interface Walk {
  /** The keys from the shared document's root (its first item the document's `id#`); spelled only where a union needs it. */
  path: string[] | undefined;
  /** The shared document the schema sits in, for its local refs. */
  document: string | undefined;
  documentOf: (id: string) => unknown;
}

/**
 * The schema with its unions rewritten as above (copied along the changed paths only; the rest is
 * shared). `id`: the shared document's `$id` when `schema` is one, undefined for a route's schema.
 * `documentOf`: the shared documents already held, by id.
 */
export function withTextUnions(
  schema: Schema,
  id: string | undefined,
  documentOf: (id: string) => unknown,
): Schema {
  return rewrite(schema, {
    path: id === undefined ? undefined : [`${id}#`],
    document: id,
    // The document being added is not held yet: its local refs resolve against itself.
    documentOf: (each) => (each === id ? schema : documentOf(each)),
  });
}

/** `names`: the node maps names to schemas, so its keys are no keywords. */
function rewrite(node: Schema, walk: Walk, names = false): Schema {
  if (!node || typeof node !== 'object') return node;
  const { path } = walk;
  if (Array.isArray(node)) {
    let out: Schema[] | undefined;
    for (let index = 0; index < node.length; index += 1) {
      path?.push(String(index));
      const next = rewrite(node[index], walk);
      path?.pop();
      if (next !== node[index]) (out ??= [...node])[index] = next;
    }
    return out ?? node;
  }
  let out: Schema | undefined;
  for (const key of Object.keys(node)) {
    // A keyword's data (`enum`, `default`, …) and our own keyword's branches are no schemas to walk.
    if (!names && (DATA_KEYWORDS.has(key) || key === TEXT_NULL)) continue;
    const value = node[key];
    if (!value || typeof value !== 'object') continue;
    const union = !names && (key === 'anyOf' || key === 'oneOf') && Array.isArray(value);
    // Where it ends up: a oneOf is held as anyOf, unless the node has both.
    const written = union && key === 'oneOf' && !Object.hasOwn(node, 'anyOf') ? 'anyOf' : key;
    path?.push(written);
    let next = rewrite(value, walk, !names && SCHEMA_NAME_MAPS.has(key));
    if (union) next = rewriteUnion(next, walk);
    path?.pop();
    if (next !== value || written !== key) {
      out ??= { ...node };
      if (written !== key) delete out[key];
      // A property may be named `__proto__`: set as its own key.
      Object.defineProperty(out, written, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out ?? node;
}

/** A union's branches: number branches guarded beside one that takes text, null branches as the keyword. */
function rewriteUnion(branches: Schema[], walk: Walk): Schema[] {
  const nulls = branches.map(isNullBranch);
  const numbers = branches.map(
    (branch, index) =>
      !nulls[index] && (isGuarded(branch) || takesNumbersOnly(branch, walk.documentOf, walk.document)),
  );
  const takesText = branches.some((_branch, index) => !nulls[index] && !numbers[index]);
  const guarded = takesText
    ? branches.map((branch, index) =>
        numbers[index] && !isGuarded(branch) ? { allOf: [{ [NUMBER_TEXT]: true }, branch] } : branch,
      )
    : branches;
  const others: number[] = [];
  for (let index = 0; index < guarded.length; index += 1) if (!nulls[index]) others.push(index);
  if (others.length === 0 || others.length === guarded.length)
    return guarded.some((branch, index) => branch !== branches[index]) ? guarded : branches;
  const { path } = walk;
  // A JSON pointer in a URI fragment, each key percent-encoded (Ajv decodes them: a key with `%`).
  const spelled =
    path &&
    `${path[0]}${path
      .slice(1)
      .map((key) => `/${encodeURIComponent(pointerPart(key))}`)
      .join('')}`;
  const named: OtherBranches =
    spelled === undefined
      ? { inline: others.map((index) => guarded[index]) }
      : { at: others.map((index) => `${spelled}/${index}`) };
  return guarded.map((branch) =>
    isNullBranch(branch) && !Object.hasOwn(branch, TEXT_NULL) ? { [TEXT_NULL]: named } : branch,
  );
}

/**
 * Adds the two keywords to a coercing Ajv. TEXT_NULL: null passes; "" passes, as null in its
 * parent, when none of the union's other branches takes "" as written (each union judged once, on
 * first use, by the same Ajv: valid and still ""). NUMBER_TEXT: text passes when the number it
 * reads as prints as the same text.
 */
export function addTextUnionKeywords(ajv: Ajv2020): void {
  const judged = new WeakMap<object, boolean>();
  const takesBlank = (others: OtherBranches): boolean => {
    let known = judged.get(others);
    if (known === undefined) {
      const branches = 'at' in others ? others.at.map((ref) => ({ $ref: ref })) : others.inline;
      known = branches.some((branch) => {
        try {
          const validate = ajv.compile({ type: 'object', properties: { text: branch } }) as ValidateFunction;
          const holder = { text: '' };
          return validate(holder) && holder.text === '';
        } catch {
          // A branch Ajv cannot compile alone takes nothing here: "" is null, as before.
          return false;
        }
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
  ajv.addKeyword({
    keyword: NUMBER_TEXT,
    errors: true,
    validate: function numberText(_value: unknown, data: unknown): boolean {
      if (typeof data !== 'string' || String(Number(data)) === data) return true;
      (numberText as unknown as { errors: unknown[] }).errors = [
        { keyword: 'type', params: { type: 'number' }, message: 'must be a number as it is written in JSON' },
      ];
      return false;
    },
  });
}
