/**
 * types.py's definitions: every named schema as a TypedDict (objects with properties; an allOf's
 * members merged into one, a key's type the one that refines the others) or an alias, TypedDicts
 * first, then aliases in dependency order (one in a cycle of aliases is `Any`).
 */
import type { SchemaModel } from '../../core/schema-model.js';
import type { Ir } from '../../core/ir.js';
import { docText, isPlainIdentifier, pyString } from './naming.js';
import { pythonType } from './type-expressions.js';
import { allOfMembers, isObjectWithProperties, type TypeNames } from './type-names.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A named schema's definition in types.py. */
export interface SchemaDefinition {
  name: string;
  kind: 'typeddict' | 'alias';
  code: string;
  /** Other named schemas an alias refers to (aliases must be defined after them). */
  aliasRefs: string[];
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
      if (!model.hiddenOn(names.side, inner)) schemas.set(key, [...(schemas.get(key) ?? []), inner]);
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
