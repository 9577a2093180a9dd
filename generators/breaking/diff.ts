/**
 * The breaking-change classifier: compares two IRs operation by operation and, inside each, the
 * request and response schemas, knowing which way data flows. A change is breaking for clients
 * (a working client stops working: removed operation or field, new required input, narrowed type
 * or enum, tighter limit, new scope, changed path), breaking for servers (a working server stops
 * conforming: widened request, new response status), or compatible.
 */
import type { Ir, IrOperation, IrParameter } from '../core/ir.js';
import { deref, flattenSchema } from '../core/refs.js';

export type Impact = 'breaking-client' | 'breaking-server' | 'compatible';

export interface Change {
  impact: Impact;
  /** Where: "POST /v1/nature/subjects request body .consent_artifact". */
  where: string;
  change: string;
}

// Schemas are untyped JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const key = (operation: IrOperation) => `${operation.method.toUpperCase()} ${operation.path}`;
const typesOf = (schema: Json): string[] => {
  const type = schema?.type;
  if (Array.isArray(type)) return [...type].sort();
  if (typeof type === 'string') return schema.nullable ? [type, 'null'].sort() : [type];
  return [];
};

const flatten = (ir: Ir, raw: unknown): Json => flattenSchema(ir.document, raw);

/** The non-null branch of `anyOf: [X, {type: null}]`, so nullable refs compare by their target. */
function unwrapNullable(ir: Ir, schema: Json): { schema: Json; nullable: boolean } {
  for (const keyword of ['anyOf', 'oneOf']) {
    const options = schema?.[keyword];
    if (Array.isArray(options) && options.length === 2) {
      const nonNull = options.filter((option: Json) => deref(ir.document, option)?.type !== 'null');
      if (nonNull.length === 1) return { schema: flatten(ir, nonNull[0]), nullable: true };
    }
  }
  return { schema, nullable: typesOf(schema).includes('null') };
}

/**
 * Compares one schema in its two versions. `direction` says which way it flows: in a request a
 * narrowing breaks clients and a widening breaks servers; in a response a removal or type change
 * breaks clients and an addition is compatible.
 */
function compareSchemas(baseIr: Ir, headIr: Ir, rawBase: unknown, rawHead: unknown, direction: 'request' | 'response', where: string, out: Change[], seen = new Set<string>()): void {
  const pair = `${JSON.stringify(rawBase)?.slice(0, 200)}|${JSON.stringify(rawHead)?.slice(0, 200)}|${where}`;
  if (seen.has(pair) || where.split('.').length > 12) return;
  seen.add(pair);
  const baseWrapped = unwrapNullable(baseIr, flatten(baseIr, rawBase));
  const headWrapped = unwrapNullable(headIr, flatten(headIr, rawHead));
  const base = baseWrapped.schema ?? {};
  const head = headWrapped.schema ?? {};
  const widen: Impact = direction === 'request' ? 'breaking-server' : 'breaking-client';
  const add = (impact: Impact, change: string) => out.push({ impact, where, change });

  if (baseWrapped.nullable && !headWrapped.nullable) add(direction === 'request' ? 'breaking-client' : 'compatible', 'no longer accepts null');
  if (!baseWrapped.nullable && headWrapped.nullable) add(direction === 'request' ? 'breaking-server' : 'breaking-client', 'may now be null');

  const baseTypes = typesOf(base).filter((type) => type !== 'null');
  const headTypes = typesOf(head).filter((type) => type !== 'null');
  if (baseTypes.length && headTypes.length && baseTypes.join() !== headTypes.join()) {
    const widened = baseTypes.every((type) => headTypes.includes(type) || (type === 'integer' && headTypes.includes('number')));
    add(widened ? widen : 'breaking-client', `type ${baseTypes.join('|')} → ${headTypes.join('|')}`);
    return;
  }
  if (Array.isArray(base.enum) || Array.isArray(head.enum)) {
    const removed = (base.enum ?? []).filter((value: unknown) => !(head.enum ?? []).includes(value));
    const added = Array.isArray(base.enum) ? (head.enum ?? []).filter((value: unknown) => !base.enum.includes(value)) : [];
    if (removed.length || (!base.enum && head.enum)) add(direction === 'request' ? 'breaking-client' : 'compatible', `enum narrowed (removed ${removed.map(String).join(', ') || 'open values'})`);
    if (added.length) add(direction === 'request' ? 'breaking-server' : 'breaking-client', `enum widened (added ${added.map(String).join(', ')})`);
  }
  const tighter = (name: string, comparison: (a: number, b: number) => boolean) => {
    const before = base[name];
    const after = head[name];
    if (typeof after === 'number' && (typeof before !== 'number' || comparison(after, before))) add(direction === 'request' ? 'breaking-client' : 'compatible', `${name} ${before ?? 'none'} → ${after}`);
    else if (typeof before === 'number' && (typeof after !== 'number' || comparison(before, after))) add(direction === 'request' ? 'breaking-server' : 'breaking-client', `${name} ${before} → ${after ?? 'none'}`);
  };
  tighter('maximum', (a, b) => a < b);
  tighter('maxLength', (a, b) => a < b);
  tighter('maxItems', (a, b) => a < b);
  tighter('minimum', (a, b) => a > b);
  tighter('minLength', (a, b) => a > b);
  tighter('minItems', (a, b) => a > b);
  if ((base.pattern ?? null) !== (head.pattern ?? null)) add(direction === 'request' ? 'breaking-client' : 'breaking-client', `pattern ${base.pattern ?? 'none'} → ${head.pattern ?? 'none'}`);

  const baseProps = base.properties ?? {};
  const headProps = head.properties ?? {};
  const baseRequired = new Set<string>(base.required ?? []);
  const headRequired = new Set<string>(head.required ?? []);
  for (const name of Object.keys(baseProps)) {
    if (!(name in headProps)) add(direction === 'request' ? 'breaking-client' : 'breaking-client', `property ${name} removed`);
  }
  for (const name of Object.keys(headProps)) {
    if (!(name in baseProps)) {
      if (direction === 'request') add(headRequired.has(name) ? 'breaking-client' : 'breaking-server', `${headRequired.has(name) ? 'required' : 'optional'} property ${name} added`);
      else add('compatible', `property ${name} added`);
    }
  }
  for (const name of Object.keys(headProps)) {
    if (!(name in baseProps)) continue;
    if (!baseRequired.has(name) && headRequired.has(name)) add(direction === 'request' ? 'breaking-client' : 'compatible', `property ${name} became required`);
    if (baseRequired.has(name) && !headRequired.has(name)) add(direction === 'request' ? 'breaking-server' : 'breaking-client', `property ${name} became optional`);
    compareSchemas(baseIr, headIr, baseProps[name], headProps[name], direction, `${where}.${name}`, out, seen);
  }
  if (base.additionalProperties === false && head.additionalProperties !== false && direction === 'request') add('breaking-server', 'now accepts unknown properties');
  if (base.additionalProperties !== false && head.additionalProperties === false && direction === 'request') add('breaking-client', 'now refuses unknown properties');
  if (base.items || head.items) compareSchemas(baseIr, headIr, base.items ?? {}, head.items ?? {}, direction, `${where}[]`, out, seen);
}

function compareParameters(baseIr: Ir, headIr: Ir, base: IrOperation, head: IrOperation, out: Change[]): void {
  const all = (operation: IrOperation): IrParameter[] => [...operation.parameters.path, ...operation.parameters.query, ...operation.parameters.header];
  const find = (list: IrParameter[], param: IrParameter) => list.find((candidate) => candidate.in === param.in && candidate.name.toLowerCase() === param.name.toLowerCase());
  const where = (param: IrParameter) => `${key(head)} ${param.in} parameter ${param.name}`;
  for (const param of all(base)) if (!find(all(head), param)) out.push({ impact: 'breaking-client', where: where(param), change: 'removed' });
  for (const param of all(head)) {
    const before = find(all(base), param);
    if (!before) {
      out.push({ impact: param.required ? 'breaking-client' : 'breaking-server', where: where(param), change: param.required ? 'new required parameter' : 'new optional parameter' });
      continue;
    }
    if (!before.required && param.required) out.push({ impact: 'breaking-client', where: where(param), change: 'became required' });
    if (before.required && !param.required) out.push({ impact: 'breaking-server', where: where(param), change: 'became optional' });
    compareSchemas(baseIr, headIr, before.schema, param.schema, 'request', where(param), out);
  }
}

export function diffIr(base: Ir, head: Ir): Change[] {
  const out: Change[] = [];
  const headByKey = new Map(head.operations.map((operation) => [key(operation), operation]));
  const baseByKey = new Map(base.operations.map((operation) => [key(operation), operation]));
  for (const before of base.operations) {
    const after = headByKey.get(key(before));
    if (!after) {
      const moved = !before.idIsDerived ? head.operations.find((operation) => operation.id === before.id) : undefined;
      out.push(moved ? { impact: 'breaking-client', where: `${before.id}`, change: `path changed: ${key(before)} → ${key(moved)}` } : { impact: 'breaking-client', where: key(before), change: 'operation removed' });
      continue;
    }
    compareParameters(base, head, before, after, out);
    const newScopes = after.security.scopes.filter((scope) => !before.security.scopes.includes(scope));
    if (newScopes.length) out.push({ impact: 'breaking-client', where: key(after), change: `new required scope ${newScopes.join(', ')}` });
    if (before.security.isPublic && !after.security.isPublic) out.push({ impact: 'breaking-client', where: key(after), change: 'now requires authentication' });
    if (before.body || after.body) {
      const where = `${key(after)} request body`;
      if (!before.body) out.push({ impact: after.body!.required ? 'breaking-client' : 'breaking-server', where, change: after.body!.required ? 'new required body' : 'new optional body' });
      else if (!after.body) out.push({ impact: 'breaking-server', where, change: 'body removed' });
      else {
        if (!before.body.required && after.body.required) out.push({ impact: 'breaking-client', where, change: 'body became required' });
        compareSchemas(base, head, before.body.schema, after.body.schema, 'request', where, out);
      }
    }
    for (const response of after.responses) {
      const previous = before.responses.find((candidate) => candidate.status === response.status);
      const where = `${key(after)} response ${response.status}`;
      if (!previous) out.push({ impact: 'breaking-server', where, change: 'new response status' });
      else if (previous.schema !== undefined && response.schema !== undefined) compareSchemas(base, head, previous.schema, response.schema, 'response', `${where} body`, out);
    }
    for (const response of before.responses) {
      if (!after.responses.some((candidate) => candidate.status === response.status)) out.push({ impact: /^2/.test(response.status) ? 'breaking-client' : 'compatible', where: `${key(after)} response ${response.status}`, change: 'response status removed' });
    }
  }
  for (const after of head.operations) {
    const moved = !after.idIsDerived && base.operations.some((operation) => operation.id === after.id && key(operation) !== key(after));
    if (!baseByKey.has(key(after)) && !moved) out.push({ impact: 'compatible', where: key(after), change: 'operation added' });
  }
  return out;
}

export interface Verdict {
  clientBump: 'major' | 'minor' | 'patch';
  serverBump: 'major' | 'minor' | 'patch';
  /** The bump info.version needs: the larger of the two. */
  required: 'major' | 'minor' | 'patch';
  actual: 'major' | 'minor' | 'patch' | 'none' | 'downgrade';
  ok: boolean;
}

function bumpOf(before: string, after: string): Verdict['actual'] {
  const parse = (version: string) => (/^(\d+)\.(\d+)\.(\d+)/.exec(version) ?? [0, 0, 0, 0]).slice(1).map(Number);
  const [a, b] = [parse(before), parse(after)];
  for (let index = 0; index < 3; index += 1) {
    if (b[index] > a[index]) return (['major', 'minor', 'patch'] as const)[index];
    if (b[index] < a[index]) return 'downgrade';
  }
  return 'none';
}

const RANK = { patch: 0, minor: 1, major: 2 } as const;

export function verdict(changes: Change[], baseVersion: string, headVersion: string): Verdict {
  const anyAdded = changes.some((change) => change.impact === 'compatible');
  const clientBump = changes.some((change) => change.impact === 'breaking-client') ? 'major' : anyAdded ? 'minor' : 'patch';
  const serverBump = changes.some((change) => change.impact === 'breaking-server') ? 'major' : anyAdded ? 'minor' : 'patch';
  const required = RANK[clientBump] >= RANK[serverBump] ? clientBump : serverBump;
  const actual = bumpOf(baseVersion, headVersion);
  const breaking = changes.some((change) => change.impact !== 'compatible');
  // Breaking changes need the major bump; other changes need no particular bump to pass the gate.
  const ok = !breaking || (actual !== 'none' && actual !== 'downgrade' && RANK[actual] >= RANK[required]);
  return { clientBump, serverBump, required, actual, ok };
}
