/**
 * The type switch: a schema as a Python type expression, as types.py writes it (`List[Pet]`,
 * `Optional[datetime]`, `Literal["a", "b"]`, `Dict[str, Any]`), or qualified with a prefix where
 * another module names it (`_types.Pet`).
 */
import type { SchemaModel } from '../../core/schema-model.js';
import type { JsonSchema } from '../../core/ir.js';
import { schemaRefName } from '../../core/refs.js';
import { pyString } from './naming.js';
import type { TypeNames } from './type-names.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

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
