/**
 * Values as Python source, for the README's blocks and the SDK's shape tables: a JSON value as a
 * literal (`pythonLiteral`), an example with its date-times and dates as `datetime` and `date`
 * where the schema says so (`pythonExample`), a value drawn from a schema by the value generator
 * (`sampleSource`: its example mode, what a request may carry), and a path value that names
 * nothing (`notFoundSource`, for the README's 404 example).
 */
import type { Ir, JsonSchema } from '../../core/ir.js';
import type { SchemaNode } from '../../core/schema-nodes.js';
import { drawValue } from '../../core/values/draw.js';
import type { ValueStrategy } from '../../core/values/strategy.js';
import { pyString } from './naming.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A shape (or any JSON value) as a Python literal. */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${pyString(key)}: ${pythonLiteral(inner)}`)
    .join(', ')}}`;
}

/** A JSON example as Python source, with date-times written as aware datetimes and dates as dates where the schema says so. */
export function pythonExample(ir: Ir, value: unknown, schema: JsonSchema | undefined, depth = 0): string {
  const flat: Json = schema === undefined || depth > 12 ? {} : (ir.model.flatten(schema) ?? {});
  const members: Json[] = [...(flat.anyOf ?? []), ...(flat.oneOf ?? [])].map((member: unknown) =>
    ir.model.deref(member),
  );
  const says = (format: string) =>
    flat.format === format || members.some((member) => member?.format === format);
  if (typeof value === 'string' && says('date-time')) {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z$/.exec(value);
    if (match) {
      const parts = match.slice(1, 7).map(Number);
      if (match[7]) parts.push(Number(match[7].padEnd(6, '0').slice(0, 6)));
      return `datetime(${parts.join(', ')}, tzinfo=timezone.utc)`;
    }
  }
  if (typeof value === 'string' && says('date')) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return `date(${match.slice(1, 4).map(Number).join(', ')})`;
  }
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value))
    return `[${value.map((item) => pythonExample(ir, item, flat.items, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, inner]) => `${pyString(key)}: ${pythonExample(ir, inner, flat.properties?.[key], depth + 1)}`,
  );
  return `{${entries.join(', ')}}`;
}

/**
 * Python source for a value a request may carry (the value generator's example mode: the spec's
 * examples first, readOnly properties left out); `uses` collects the imports it needs.
 */
export function sampleSource(ir: Ir, schema: JsonSchema | undefined, uses: Set<string>): string {
  const value = drawValue(ir.model.node(schema ?? true), { mode: 'example', side: 'request' });
  const source = pythonExample(ir, value, schema);
  if (/\bdatetime\(/.test(source)) uses.add('from datetime import datetime, timezone');
  if (/(?<![.\w])date\(/.test(source)) uses.add('from datetime import date');
  return source;
}

/** Values that name nothing a server has: a nil UUID, `does_not_exist`, 999999 within the bounds. */
const NOT_FOUND: ValueStrategy = ({ node }) => {
  if (node.kind === 'string')
    return node.format === 'uuid' ? '00000000-0000-0000-0000-000000000000' : 'does_not_exist';
  if (node.kind !== 'integer' && node.kind !== 'number') return undefined;
  const lower = Math.max(node.minimum ?? -Infinity, (node.exclusiveMinimum ?? -Infinity) + 1);
  const upper = Math.min(node.maximum ?? Infinity, (node.exclusiveMaximum ?? Infinity) - 1);
  return Math.max(Math.ceil(lower), Math.min(Math.floor(upper), 999999));
};

/**
 * A path value for the README's error example, as Python source of the parameter's type: the
 * spec's example when it is of that type, else one that names nothing (NOT_FOUND), so the call is
 * well-typed and a server answers 404, not 400. Undefined for what the example cannot write
 * (objects, arrays, unions, dates, bytes).
 */
export function notFoundSource(ir: Ir, schema: JsonSchema, example: unknown): string | undefined {
  const node: SchemaNode = ir.model.merged(ir.model.node(schema));
  const literal = (value: unknown) =>
    typeof value === 'string'
      ? pyString(value)
      : typeof value === 'number'
        ? String(value)
        : typeof value === 'boolean'
          ? value
            ? 'True'
            : 'False'
          : undefined;
  if (node.kind === 'enum')
    return literal(
      node.values.includes(example)
        ? example
        : node.values.find((member) => typeof member === 'string' || typeof member === 'number'),
    );
  if (node.kind === 'const') return literal(node.value);
  const ofType =
    node.kind === 'string'
      ? typeof example === 'string'
      : node.kind === 'boolean'
        ? typeof example === 'boolean'
        : node.kind === 'number'
          ? typeof example === 'number'
          : node.kind === 'integer'
            ? Number.isInteger(example)
            : undefined;
  if (ofType === undefined) return undefined;
  if (node.kind === 'string' && ['date-time', 'date', 'binary', 'byte'].includes(node.format ?? ''))
    return undefined;
  return literal(ofType ? example : drawValue(node, { useExamples: false, strategy: NOT_FOUND }));
}
