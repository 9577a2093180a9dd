/**
 * JSON Schema -> Python types for the SDK's `types.py`: named schemas become TypedDicts (objects
 * with properties) or aliases; enums and consts are `Literal`s; `format: date-time` is `datetime`, `format: date` is `date`.
 * Also the "shapes" the runtime follows to parse response date-times and dates.
 */
import type { SchemaModel } from '../../core/schema-model.js';
import type { Ir, JsonSchema } from '../../core/ir.js';
import { schemaRefName } from '../../core/refs.js';
import { hiddenOn, type MessageSide } from '../../core/values/sides.js';
import { isPlainIdentifier, pyString, pythonName, PythonScope, docText } from './naming.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Names types.py imports from typing and datetime; no schema may take them. */
export const TYPES_MODULE_IMPORTS = [
  'Any',
  'Dict',
  'List',
  'Literal',
  'Optional',
  'TypedDict',
  'Union',
  'date',
  'datetime',
];

/**
 * The names of types.py as one side of a message reads them. Results (`side: 'response'`) are
 * the schemas' TypedDicts without their writeOnly keys; arguments (`'request'`) without their
 * readOnly keys, so a schema with either kind of key, or holding one that has, has a second
 * TypedDict for requests (`Thing` and `ThingParam`, Stainless's name for it). Both views share
 * one scope: no name is handed out twice.
 */
export interface TypeNames {
  side: MessageSide;
  /** The two views (a view's own side is itself). */
  request: TypeNames;
  response: TypeNames;
  /** Whether a schema's two views differ (readOnly or writeOnly keys in it, or in what it holds). */
  differs: (schema: unknown) => boolean;
  /** components.schemas name -> Python name in types.py. */
  bySchema: Map<string, string>;
  /** Inline object schemas (the spec's own objects, by identity) -> the TypedDict named after where they sit (`nameInlineSchemas`). */
  inline: Map<object, string>;
  /** The same, in the order they were named: types.py defines them in this order. */
  inlineOrder: Array<{ name: string; schema: Json }>;
  /** Keys types.py's TypedDicts hold so far (both views share it): see INLINE_KEY_BUDGET. */
  keys: { count: number };
  scope: PythonScope;
}

/** The response view of types.py's names (its `request` the other view), every component named. */
export function nameSchemas(ir: Ir, extraReserved: string[] = []): TypeNames {
  const scope = new PythonScope([...TYPES_MODULE_IMPORTS, ...extraReserved]);
  const bySchema = new Map<string, string>();
  for (const schema of ir.schemas) bySchema.set(schema.name, scope.claim(pythonName(schema.name, 'class')));
  const differs = visibilityDiffers(ir.model);
  const requestBySchema = new Map<string, string>();
  for (const schema of ir.schemas) {
    const name = bySchema.get(schema.name)!;
    requestBySchema.set(
      schema.name,
      differs(schema.schema) ? scope.claim(pythonName(`${name} param`, 'class')) : name,
    );
  }
  // The components' own keys, in each view they are defined in.
  const keys = { count: 0 };
  for (const schema of ir.schemas)
    keys.count +=
      keyCount(ir.model, schema.schema) *
      (requestBySchema.get(schema.name) === bySchema.get(schema.name) ? 1 : 2);
  const response = {
    side: 'response',
    differs,
    bySchema,
    inline: new Map(),
    inlineOrder: [],
    scope,
    keys,
  } as unknown as TypeNames;
  const request = {
    side: 'request',
    differs,
    bySchema: requestBySchema,
    inline: new Map(),
    inlineOrder: [],
    scope,
    response,
    keys,
  } as unknown as TypeNames;
  response.request = request;
  response.response = response;
  request.request = request;
  return response;
}

/**
 * How many keys types.py may hold before inline objects stop getting TypedDicts of their own (and
 * stay `Dict[str, Any]`, as they were before they had names). pyright gives up on a module whose
 * code flow is too complex ("Code is too complex to analyze", about 30,000 flow nodes; a key is
 * at least one): GitHub's spec, whose webhook schemas nest thousands of inline objects, would
 * make 37,000 keys. The operations' own results and arguments are named first, so they are the
 * last to lose their TypedDicts.
 */
export const INLINE_KEY_BUDGET = 16_000;

/** The keys an object schema's TypedDict would hold (allOf members merged). */
function keyCount(model: SchemaModel, schema: unknown): number {
  const flat = model.flatten(schema) as Json;
  return flat && typeof flat === 'object' && flat.properties && typeof flat.properties === 'object'
    ? Object.keys(flat.properties).length
    : 0;
}

/**
 * Whether a schema has readOnly or writeOnly keys, or holds (by property, item, value, member) a
 * schema that has. Memoised per schema; a schema met again inside itself counts as not differing
 * there (a cycle adds nothing new unless another path reaches the key).
 */
function visibilityDiffers(model: SchemaModel): (schema: unknown) => boolean {
  const memo = new Map<object, boolean>();
  const check = (schema: unknown, depth: number): boolean => {
    const raw = model.deref(schema) as Json;
    if (!raw || typeof raw !== 'object' || depth > 24) return false;
    const known = memo.get(raw);
    if (known !== undefined) return known;
    memo.set(raw, false);
    const keyHidden = Object.values<Json>(raw.properties ?? {}).some((inner) => {
      const property = model.node(inner);
      return hiddenOn('request', property) || hiddenOn('response', property);
    });
    const held = [
      ...Object.values<Json>(raw.properties ?? {}),
      ...(raw.allOf ?? []),
      ...(raw.anyOf ?? []),
      ...(raw.oneOf ?? []),
      raw.items,
      raw.additionalProperties,
    ];
    const result =
      keyHidden ||
      held.some((inner) => inner !== null && typeof inner === 'object' && check(inner, depth + 1));
    memo.set(raw, result);
    return result;
  };
  return (schema) => check(schema, 0);
}

/** Where an inline schema sits, for its TypedDict's name: `["create-booking", "response"]` -> `CreateBookingResponse`. */
export interface InlineSite {
  schema: unknown;
  /** Whether the site is an argument (request) or a result (response). */
  side: MessageSide;
  /** Words of the name, outermost first; `pythonName` joins them. */
  words: string[];
}

/**
 * Names every inline object schema (an object with properties, or an `allOf` of objects) reached
 * from the component schemas first, then from `sites` in their order (operations' bodies,
 * parameters and results): each gets a TypedDict named after where it sits (`Booking` `links` ->
 * `BookingLinks`, create-booking's response -> `CreateBookingResponse`), claimed in the one scope
 * of types.py so it never takes a component's name. Deterministic: the spec's order.
 */
export function nameInlineSchemas(ir: Ir, names: TypeNames, sites: InlineSite[]): void {
  // The operations' sites first: within INLINE_KEY_BUDGET, a result's own type outranks an object nested in a component.
  for (const site of sites) claimInline(ir.model, names[site.side], site.schema, site.words, 0);
  for (const view of [names.response, names.request]) {
    for (const schema of ir.schemas) {
      const raw = ir.model.deref(schema.schema) as Json;
      // A component whose views are the same has its inline objects named once, in the response view.
      if (raw && typeof raw === 'object' && (view.side === 'response' || names.differs(raw)))
        inlineChildren(ir.model, view, raw, [view.bySchema.get(schema.name)!], 0);
    }
  }
}

function claimInline(
  model: SchemaModel,
  names: TypeNames,
  schema: unknown,
  words: string[],
  depth: number,
): void {
  if (!schema || typeof schema !== 'object' || depth > 24 || schemaRefName(schema) !== undefined) return;
  const raw = model.deref(schema) as Json;
  if (!raw || typeof raw !== 'object' || names.inline.has(raw)) return;
  // An argument's object that reads the same as a result's already named: one TypedDict for both.
  if (names.side === 'request' && !names.differs(raw) && names.response.inline.has(raw)) return;
  if (isInlineObject(model, raw) && names.keys.count + keyCount(model, raw) <= INLINE_KEY_BUDGET) {
    names.keys.count += keyCount(model, raw);
    const name = names.scope.claim(pythonName(words.join(' '), 'class'));
    names.inline.set(raw, name);
    names.inlineOrder.push({ name, schema: raw });
    inlineChildren(model, names, raw, [name], depth);
  } else inlineChildren(model, names, raw, words, depth);
}

/** The inline objects inside a schema: its (merged) properties', items', values' and union members'. */
function inlineChildren(
  model: SchemaModel,
  names: TypeNames,
  raw: Json,
  words: string[],
  depth: number,
): void {
  const next = depth + 1;
  for (const member of raw.allOf ?? [])
    if (schemaRefName(member) === undefined)
      inlineChildren(model, names, model.deref(member) ?? {}, words, next);
  for (const [key, inner] of Object.entries<Json>(raw.properties ?? {}))
    claimInline(model, names, inner, [...words, key], next);
  if (raw.items && typeof raw.items === 'object')
    claimInline(model, names, raw.items, [...words, 'item'], next);
  if (raw.additionalProperties && typeof raw.additionalProperties === 'object')
    claimInline(model, names, raw.additionalProperties, [...words, 'value'], next);
  for (const key of ['anyOf', 'oneOf'] as const)
    (raw[key] ?? []).forEach((member: Json, index: number) =>
      claimInline(model, names, member, [...words, `variant ${index + 1}`], next),
    );
}

/**
 * An inline schema that is a TypedDict: an object with properties, or an `allOf` of more than one
 * member whose merged view is one (each member an object, none a union: a union inside an
 * allOf has no TypedDict spelling, so that stays `Dict[str, Any]`).
 */
function isInlineObject(model: SchemaModel, raw: Json): boolean {
  const types: string[] = Array.isArray(raw.type) ? raw.type : raw.type !== undefined ? [raw.type] : [];
  if (types.length > 0 && !types.includes('object')) return false;
  if (raw.const !== undefined || raw.enum !== undefined) return false;
  if (!Array.isArray(raw.allOf)) return isObjectWithProperties(raw);
  if (raw.allOf.length === 1 && !raw.properties) return false;
  const members = allOfMembers(model, raw);
  return (
    members.every(
      (member) =>
        member &&
        typeof member === 'object' &&
        !member.oneOf &&
        !member.anyOf &&
        (member.type === undefined || member.type === 'object'),
    ) && isObjectWithProperties(model.flatten(raw))
  );
}

/** An allOf's members, each flattened (nested allOfs merged), and the schema's own properties last. */
function allOfMembers(model: SchemaModel, raw: Json): Json[] {
  const own =
    raw.properties || raw.required
      ? [{ properties: raw.properties ?? {}, required: raw.required ?? [] }]
      : [];
  return [...(raw.allOf ?? []).map((member: unknown) => model.flatten(member)), ...own];
}

function literal(value: unknown): string | undefined {
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (value === null) return 'None';
  return undefined;
}

/** Python union of type expressions, flattened and deduplicated; Any absorbs everything. */
export function union(members: string[]): string {
  const unique = [...new Set(members)];
  if (unique.length === 0 || unique.includes('Any')) return 'Any';
  if (unique.length === 1) return unique[0];
  const withoutNone = unique.filter((member) => member !== 'None');
  if (withoutNone.length === 1 && unique.includes('None')) return `Optional[${withoutNone[0]}]`;
  // Literal members merge into one Literal.
  const literals = withoutNone.filter((member) => member.startsWith('Literal['));
  const others = withoutNone.filter((member) => !member.startsWith('Literal['));
  const merged =
    literals.length > 1
      ? [`Literal[${literals.map((member) => member.slice(8, -1)).join(', ')}]`, ...others]
      : withoutNone;
  const parts = unique.includes('None') ? [...merged, 'None'] : merged;
  return parts.length === 1 ? parts[0] : `Union[${parts.join(', ')}]`;
}

// The helpers pythonType makes or picks per call live here: under tsx a closure assigned to a name
// costs a defineProperty each time it is made, and pythonType runs for every schema node.
const orNone = (type: string) => union([type, 'None']);
const same = (type: string) => type;
function deeper(
  model: SchemaModel,
  names: TypeNames,
  prefix: string,
  depth: number,
): (inner: unknown) => string {
  return (inner) => pythonType(model, names, inner as JsonSchema, prefix, depth + 1);
}

/** The Python type of a schema, as written in types.py (or qualified with `prefix` elsewhere). */
export function pythonType(
  model: SchemaModel,
  names: TypeNames,
  schema: JsonSchema | undefined,
  prefix = '',
  depth = 0,
): string {
  if (schema === undefined || schema === true || depth > 24) return 'Any';
  if (schema === false) return 'Any';
  const refName = schemaRefName(schema);
  if (refName !== undefined) {
    const name = names.bySchema.get(refName);
    return name ? `${prefix}${name}` : 'Any';
  }
  const raw = schema as Json;
  if (typeof raw.$ref === 'string') return pythonType(model, names, model.deref(raw), prefix, depth + 1);
  // A request may borrow the response's name only where both sides read the same (no readOnly/writeOnly inside).
  const inline =
    names.inline.get(raw) ??
    (names.response && !names.differs(raw) ? names.response.inline.get(raw) : undefined);
  if (inline !== undefined)
    return raw.nullable === true || (Array.isArray(raw.type) && raw.type.includes('null'))
      ? orNone(`${prefix}${inline}`)
      : `${prefix}${inline}`;
  const recurse = deeper(model, names, prefix, depth);
  const finish = raw.nullable === true ? orNone : same;

  if (raw.const !== undefined) return finish(literal(raw.const) ? `Literal[${literal(raw.const)}]` : 'Any');
  if (Array.isArray(raw.enum)) {
    // A value the spec lists twice is one member (`Literal["a", "a"]` reads as a mistake).
    const values: Array<string | undefined> = [...new Set<string | undefined>(raw.enum.map(literal))];
    if (values.length > 0 && values.every((value: string | undefined) => value !== undefined)) {
      const nonNull = values.filter((value: string) => value !== 'None');
      const type = nonNull.length > 0 ? `Literal[${nonNull.join(', ')}]` : 'None';
      return finish(values.includes('None') ? union([type, 'None']) : type);
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(raw[key])) {
      const siblings = raw.type !== undefined || raw.properties !== undefined;
      if (!siblings) return finish(union(raw[key].map(recurse)));
    }
  }
  if (Array.isArray(raw.allOf)) {
    if (raw.allOf.length === 1 && !raw.properties) return finish(recurse(raw.allOf[0]));
    return finish('Dict[str, Any]');
  }
  const types: string[] = Array.isArray(raw.type) ? raw.type : raw.type !== undefined ? [raw.type] : [];
  if (types.length === 0) {
    if (raw.properties || raw.additionalProperties) return finish(objectType(raw, recurse));
    if (raw.items) return finish(`List[${recurse(raw.items)}]`);
    return 'Any';
  }
  return finish(
    union(
      types.map((type) => {
        switch (type) {
          case 'string':
            return raw.format === 'date-time' ? 'datetime' : raw.format === 'date' ? 'date' : 'str';
          case 'integer':
            return 'int';
          case 'number':
            return 'float';
          case 'boolean':
            return 'bool';
          case 'null':
            return 'None';
          case 'array':
            return `List[${raw.items === undefined ? 'Any' : recurse(raw.items)}]`;
          case 'object':
            return objectType(raw, recurse);
          default:
            return 'Any';
        }
      }),
    ),
  );
}

function objectType(raw: Json, recurse: (inner: unknown) => string): string {
  const extra = raw.additionalProperties;
  if (!raw.properties && extra && typeof extra === 'object') return `Dict[str, ${recurse(extra)}]`;
  return 'Dict[str, Any]';
}

/** A named schema's definition in types.py. */
export interface SchemaDefinition {
  name: string;
  kind: 'typeddict' | 'alias';
  code: string;
  /** Other named schemas an alias refers to (aliases must be defined after them). */
  aliasRefs: string[];
}

function isObjectWithProperties(flat: Json): boolean {
  return Boolean(
    flat &&
    typeof flat === 'object' &&
    flat.properties &&
    Object.keys(flat.properties).length > 0 &&
    !flat.oneOf &&
    !flat.anyOf,
  );
}

/** Every named schema as Python source, TypedDicts first, then aliases in dependency order. */
export function schemaDefinitions(ir: Ir, names: TypeNames): string[] {
  const definitions: SchemaDefinition[] = [];
  const named = new Set([...names.response.bySchema.values(), ...names.request.bySchema.values()]);
  for (const view of [names.response, names.request]) {
    for (const schema of ir.schemas) {
      const name = view.bySchema.get(schema.name)!;
      // The request view of a schema that reads the same both ways is the response view's definition.
      if (view.side === 'request' && name === names.response.bySchema.get(schema.name)) continue;
      const flat = ir.model.flatten(schema.schema);
      const description = docText(
        (ir.model.deref(schema.schema) as Json)?.description ??
          (ir.model.deref(schema.schema) as Json)?.title,
      );
      if (isObjectWithProperties(flat))
        definitions.push({
          name,
          kind: 'typeddict',
          code: typedDict(
            view,
            name,
            objectEntries(ir.model, view, ir.model.deref(schema.schema)),
            description,
          ),
          aliasRefs: [],
        });
      else {
        const type = pythonType(ir.model, view, schema.schema);
        const refs = [...type.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)]
          .map((match) => match[0])
          .filter((word) => word !== name && named.has(word));
        const selfRef = new RegExp(`\\b${name}\\b`).test(type);
        definitions.push({
          name,
          kind: 'alias',
          code: `${name} = ${selfRef ? 'Any' : type}${description ? `\n"""${description}"""` : ''}`,
          aliasRefs: refs,
        });
      }
    }
  }
  for (const view of [names.response, names.request]) {
    for (const { name, schema } of view.inlineOrder) {
      definitions.push({
        name,
        kind: 'typeddict',
        code: typedDict(
          view,
          name,
          objectEntries(ir.model, view, schema),
          docText(schema.description ?? schema.title),
        ),
        aliasRefs: [],
      });
    }
  }
  const classes = definitions.filter((definition) => definition.kind === 'typeddict');
  return [
    ...classes.map((definition) => definition.code),
    ...orderAliases(definitions.filter((definition) => definition.kind === 'alias')),
  ];
}

/** Aliases after the aliases they name; an alias in a cycle of aliases becomes Any (Python cannot define it). */
function orderAliases(aliases: SchemaDefinition[]): string[] {
  const byName = new Map(aliases.map((alias) => [alias.name, alias]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: string[] = [];
  const cyclic = new Set<string>();
  const visit = (alias: SchemaDefinition, stack: string[]) => {
    if (state.get(alias.name) === 'done') return;
    if (state.get(alias.name) === 'visiting') {
      for (const name of stack.slice(stack.indexOf(alias.name))) cyclic.add(name);
      return;
    }
    state.set(alias.name, 'visiting');
    for (const ref of alias.aliasRefs) {
      const target = byName.get(ref);
      if (target) visit(target, [...stack, alias.name]);
    }
    state.set(alias.name, 'done');
    ordered.push(alias.name);
  };
  for (const alias of aliases) visit(alias, []);
  return ordered.map((name) => {
    const alias = byName.get(name)!;
    return cyclic.has(name)
      ? `${name} = Any  # refers to itself through other aliases, which Python cannot spell`
      : alias.code;
  });
}

/** One key of a TypedDict. */
interface Entry {
  key: string;
  type: string;
  required: boolean;
  doc?: string;
}

/** A Python type that says nothing a sibling's cannot say better: `Any`, `Dict[str, Any]`, `List[Dict[str, Any]]`. */
function isVague(type: string): boolean {
  return type.includes('Any') && type.replace(/\b(?:Any|Dict|List|str)\b|[[\], ]/g, '') === '';
}

/** The values an enum or const allows, if it says. */
function allowedValues(schema: Json): unknown[] | undefined {
  if (schema.const !== undefined) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

/**
 * Whether every value of `narrow` is a value of `wide`, as far as the Python types can tell: the
 * same type, or `wide` vague (`Dict[str, Any]`), or `narrow` a Literal among `wide`'s (or of its
 * plain type), or both objects and each of `wide`'s keys refined by `narrow`'s.
 */
function refines(model: SchemaModel, names: TypeNames, narrow: Json, wide: Json, depth = 0): boolean {
  const narrowType = pythonType(model, names, narrow);
  const wideType = pythonType(model, names, wide);
  if (narrowType === wideType || isVague(wideType)) return true;
  if (depth > 8) return false;
  const n = model.flatten(narrow) as Json;
  const w = model.flatten(wide) as Json;
  if (!n || !w || typeof n !== 'object' || typeof w !== 'object') return false;
  const values = allowedValues(n);
  if (values) {
    const wideValues = allowedValues(w);
    if (wideValues) return values.every((value) => wideValues.includes(value));
    const jsonType = (value: unknown) =>
      value === null
        ? 'null'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
    const wideTypes: string[] = Array.isArray(w.type) ? w.type : [w.type];
    return values.every(
      (value) =>
        wideTypes.includes(jsonType(value)) ||
        (jsonType(value) === 'integer' && wideTypes.includes('number')),
    );
  }
  if (!n.properties || !w.properties) return false;
  return Object.entries<Json>(w.properties).every(
    ([key, inner]) =>
      n.properties[key] !== undefined && refines(model, names, n.properties[key], inner, depth + 1),
  );
}

/**
 * The keys of an object schema, or of an allOf's members merged into one TypedDict (a key is
 * required when any member requires it). Merged rather than inherited from the members'
 * TypedDicts: a refining member (Train Travel's wrapper `data: array of object`, refined to
 * `array of Station`; our events' `type: EventType`, refined to one Literal) redefines an
 * inherited key, which a TypedDict subclass may not. Where members give one key different
 * types, the one that refines all the others is the key's type (allOf: a value satisfies every
 * member). When none does, Python has no intersection type to spell what allOf means: the key
 * is `Any`, and its docstring says why.
 */
function objectEntries(model: SchemaModel, names: TypeNames, raw: Json): Entry[] {
  const members: Json[] = Array.isArray(raw.allOf) ? allOfMembers(model, raw) : [raw];
  const required = new Set<string>(
    members.flatMap((member) => (Array.isArray(member.required) ? member.required : [])),
  );
  const schemas = new Map<string, Json[]>();
  for (const member of members) {
    for (const [key, inner] of Object.entries<Json>(member.properties ?? {}))
      if (!hiddenOn(names.side, model.node(inner))) schemas.set(key, [...(schemas.get(key) ?? []), inner]);
  }
  return [...schemas].map(([key, list]) => {
    const types = [...new Set(list.map((inner) => pythonType(model, names, inner)))];
    // The last member first: the extension of a base usually comes last.
    const narrowest =
      types.length === 1
        ? list[0]
        : [...list]
            .reverse()
            .find((candidate) =>
              list.every((other) => other === candidate || refines(model, names, candidate, other)),
            );
    const type = narrowest !== undefined ? pythonType(model, names, narrowest) : 'Any';
    const description = list
      .map((inner) => (model.deref(inner) as Json)?.description)
      .find((text) => typeof text === 'string');
    const conflict =
      narrowest === undefined
        ? `allOf members disagree on this key (${types.join(' and ')}), and Python cannot say both: Any.`
        : undefined;
    return {
      key,
      type,
      required: required.has(key),
      doc: docText([description, conflict].filter(Boolean).join('\n\n') || undefined),
    };
  });
}

function typedDict(
  names: TypeNames,
  name: string,
  entries: Entry[],
  description: string | undefined,
): string {
  const mandatory = entries.filter((entry) => entry.required);
  const optional = entries.filter((entry) => !entry.required);
  const indented = (text: string) => text.replace(/\n(?=.)/g, '\n    ');
  const doc = description ? `    """${indented(description)}"""\n\n` : '';
  // Every key hidden on this side (all readOnly, as a request reads it): a TypedDict with no keys.
  if (entries.length === 0) return `class ${name}(TypedDict):\n${doc}    pass`;
  if (entries.every((entry) => isPlainIdentifier(entry.key))) {
    const body = (list: typeof entries) =>
      list
        .map(
          (entry) =>
            `    ${entry.key}: ${entry.type}${entry.doc ? `\n    """${indented(entry.doc)}"""` : ''}`,
        )
        .join('\n');
    if (optional.length === 0) return `class ${name}(TypedDict):\n${doc}${body(mandatory)}`;
    if (mandatory.length === 0) return `class ${name}(TypedDict, total=False):\n${doc}${body(optional)}`;
    const base = names.scope.claim(`_${name}Required`);
    return `class ${base}(TypedDict):\n${body(mandatory)}\n\n\nclass ${name}(${base}, total=False):\n${doc}${body(optional)}`;
  }
  // Keys that are keywords or not identifiers (`from`, `@type`) need the functional syntax; its
  // values are evaluated at import, so the types are strings.
  const fields = (list: typeof entries) =>
    `{${list.map((entry) => `${pyString(entry.key)}: ${pyString(entry.type)}`).join(', ')}}`;
  const requiredBase = names.scope.claim(`_${name}Required`);
  const optionalBase = names.scope.claim(`_${name}Optional`);
  return [
    `${requiredBase} = TypedDict(${pyString(requiredBase)}, ${fields(mandatory)})`,
    `${optionalBase} = TypedDict(${pyString(optionalBase)}, ${fields(optional)}, total=False)`,
    '',
    '',
    `class ${name}(${requiredBase}, ${optionalBase}):\n${doc || '    """Keys that are not Python names are reached as item keys: `value["from"]`."""\n'}`.trimEnd(),
  ].join('\n');
}

export type Shape =
  | 'datetime'
  | 'date'
  | { object: Record<string, Shape> }
  | { array: Shape }
  | { map: Shape }
  | { ref: string }
  | { union: Shape[] };

/** Where date-times and dates sit in values of a schema; undefined when none can. */
export class Shapes {
  private readonly named = new Map<string, Shape | null>();
  constructor(private readonly model: SchemaModel) {}

  /** Every named schema that holds a date-time or a date, with its shape. */
  registry(schemaNames: string[]): Record<string, Shape> {
    const result: Record<string, Shape> = {};
    for (const name of schemaNames) {
      const shape = this.ofNamed(name);
      if (shape) result[name] = shape;
    }
    return result;
  }

  ofNamed(name: string): Shape | undefined {
    if (this.named.has(name)) return this.named.get(name) ?? undefined;
    this.named.set(name, null); // a cycle reaching this schema again adds nothing new
    const shape = this.of(this.model.component(name), 0, true);
    this.named.set(name, shape ?? null);
    return shape;
  }

  /** `of` one level down, made without naming a closure per call (see `deeper` above). */
  private deeper(depth: number): (inner: unknown) => Shape | undefined {
    return (inner) => this.of(inner, depth + 1);
  }

  of(schema: unknown, depth = 0, inline = false): Shape | undefined {
    if (!schema || typeof schema !== 'object' || depth > 24) return undefined;
    const refName = inline ? undefined : schemaRefName(schema);
    if (refName !== undefined) return this.ofNamed(refName) ? { ref: refName } : undefined;
    const raw = (this.model.deref(schema) ?? {}) as Json;
    const next = this.deeper(depth);
    const types: string[] = Array.isArray(raw.type) ? raw.type : raw.type ? [raw.type] : [];
    if (
      (raw.format === 'date-time' || raw.format === 'date') &&
      (types.length === 0 || types.includes('string'))
    )
      return raw.format === 'date' ? 'date' : 'datetime';
    const members = [...(raw.anyOf ?? []), ...(raw.oneOf ?? [])]
      .map(next)
      .filter((shape): shape is Shape => shape !== undefined);
    const flat = Array.isArray(raw.allOf) ? this.model.flatten(raw) : raw;
    const parts: Shape[] = [...members];
    if (flat.properties) {
      const properties: Record<string, Shape> = {};
      for (const [key, inner] of Object.entries(flat.properties)) {
        const shape = next(inner);
        if (shape) properties[key] = shape;
      }
      if (Object.keys(properties).length > 0) parts.push({ object: properties });
    } else if (flat.additionalProperties && typeof flat.additionalProperties === 'object') {
      const shape = next(flat.additionalProperties);
      if (shape) parts.push({ map: shape });
    }
    if (flat.items) {
      const shape = next(flat.items);
      if (shape) parts.push({ array: shape });
    }
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : { union: parts };
  }
}
