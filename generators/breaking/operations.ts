/**
 * Operations under `paths`: matched by method and path, then by path template (a renamed path
 * parameter), then by operationId (a moved operation); each matched pair compared part by part.
 */
import {
  isObject,
  join,
  type Channel,
  type Comparison,
  type Json,
  type Located,
  type Operation,
  type Side,
} from './context.js';
import { listedWebhooks } from '../core/webhook-items.js';
import { compareRequestBody } from './bodies.js';
import { compareParameters } from './parameters.js';
import { compareResponses } from './responses.js';
import { compareKeyTypes, compareSecurity } from './security.js';
import { compareServers } from './servers.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/**
 * Where a side lists its `paths`, or its webhooks: OAS 3.1 `webhooks`, or OpenAPI 3.0's root
 * `x-webhooks` (generators/core/webhook-items.ts, the rule the generators read them by).
 */
function rootOf(c: Comparison, side: Side, root: 'paths' | 'webhooks'): string {
  if (root === 'paths') return root;
  return listedWebhooks(c.document(side))?.pointer === '/x-webhooks' ? 'x-webhooks' : 'webhooks';
}

/** Every operation of `paths` (or the webhooks), path items' $refs followed. */
export function operationsOf(c: Comparison, side: Side, root: 'paths' | 'webhooks'): Operation[] {
  const out: Operation[] = [];
  const key = rootOf(c, side, root);
  for (const [path, rawItem] of Object.entries<Json>(c.document(side)[key] ?? {})) {
    const item = c.resolve(side, rawItem, join('', key, path));
    if (!isObject(item.node)) continue;
    for (const method of METHODS) {
      const node = item.node[method];
      if (!isObject(node)) continue;
      const pointer = join(item.pointer, method);
      const parameters = new Map<string, Located>();
      const collect = (list: Json, listPointer: string) =>
        (Array.isArray(list) ? list : []).forEach((raw, index) => {
          const resolved = c.resolve(side, raw, join(listPointer, index));
          if (!isObject(resolved.node)) return;
          const name = String(resolved.node.name ?? '');
          parameters.set(
            `${resolved.node.in}:${resolved.node.in === 'header' ? name.toLowerCase() : name}`,
            resolved,
          );
        });
      collect(item.node.parameters, join(item.pointer, 'parameters'));
      collect(node.parameters, join(pointer, 'parameters'));
      out.push({ method, path, pointer, node, parameters });
    }
  }
  return out;
}

export function compareOperations(c: Comparison): void {
  const baseOps = operationsOf(c, 'base', 'paths');
  const headOps = operationsOf(c, 'head', 'paths');
  const label = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
  const isNew = (op: Operation) =>
    !baseOps.some((other) => other.path === op.path && other.method === op.method);
  const matched = new Set<Operation>();
  for (const before of baseOps) {
    let after = headOps.find((op) => op.method === before.method && op.path === before.path);
    if (!after)
      after = headOps.find(
        (op) =>
          !matched.has(op) &&
          op.method === before.method &&
          template(op.path) === template(before.path) &&
          isNew(op),
      );
    if (!after && before.node.operationId) {
      const moved = headOps.find((op) => op.node.operationId === before.node.operationId && isNew(op));
      if (moved) {
        c.add(
          'operation-path-changed',
          label(before),
          moved.pointer,
          undefined,
          `${label(before)} → ${label(moved)}`,
        );
        after = moved;
      }
    }
    if (!after) {
      c.mark('base', before.pointer);
      c.add('operation-removed', label(before), undefined, before.pointer, `${label(before)} removed`);
      continue;
    }
    matched.add(after);
    compareOperation(c, before, after, label(after));
  }
  for (const after of headOps) {
    if (matched.has(after)) continue;
    c.mark('head', after.pointer);
    c.add('operation-added', label(after), after.pointer, undefined, `${label(after)} added`);
  }
  markPathParameters(c, 'paths', baseOps, headOps);
}

/** Path items themselves (a whole path renamed or removed) are accounted for by their operations. */
export function markPathParameters(
  c: Comparison,
  root: 'paths' | 'webhooks',
  baseOps: Operation[],
  headOps: Operation[],
): void {
  const [baseRoot, headRoot] = [rootOf(c, 'base', root), rootOf(c, 'head', root)];
  for (const op of baseOps) c.mark('base', join('', baseRoot, op.path, 'parameters'));
  for (const op of headOps) c.mark('head', join('', headRoot, op.path, 'parameters'));
}

/** What operations and webhooks share: operationId, deprecation, parameters, body, responses. */
export function compareOperationParts(
  c: Comparison,
  before: Operation,
  after: Operation,
  where: string,
  channel: Channel,
): void {
  const [b, h] = [before.node, after.node];
  c.markBoth(before.pointer, after.pointer, 'operationId', 'deprecated');
  // A webhook's operationId names nothing a receiver calls.
  if (channel === 'operation' && b.operationId !== h.operationId)
    c.add(
      'operation-id-changed',
      where,
      h.operationId === undefined ? after.pointer : join(after.pointer, 'operationId'),
      undefined,
      `operationId ${b.operationId ?? 'none'} → ${h.operationId ?? 'none'}`,
    );
  if (!!b.deprecated !== !!h.deprecated)
    c.add(
      'operation-deprecated',
      where,
      join(after.pointer, 'deprecated'),
      undefined,
      `deprecated ${!!b.deprecated} → ${!!h.deprecated}`,
    );
  compareParameters(c, before, after, where, channel);
  compareRequestBody(c, before, after, where, channel);
  compareResponses(c, before, after, where, channel);
}

function compareOperation(c: Comparison, before: Operation, after: Operation, where: string): void {
  compareOperationParts(c, before, after, where, 'operation');
  compareSecurity(c, before, after, where);
  compareKeyTypes(c, before, after, where);
  compareServers(
    c,
    { node: before.node.servers, pointer: join(before.pointer, 'servers') },
    { node: after.node.servers, pointer: join(after.pointer, 'servers') },
    where,
  );
}
