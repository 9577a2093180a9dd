/**
 * Webhooks: matched by name and method only (a receiver subscribes to an event name, so a renamed
 * webhook is one removed and one added). Our server writes the payload and its headers; the
 * receiver writes the reply.
 */
import type { Comparison, Operation } from './context.js';
import { compareOperationParts, markPathParameters, operationsOf } from './operations.js';

export function compareWebhooks(c: Comparison): void {
  const baseHooks = operationsOf(c, 'base', 'webhooks');
  const headHooks = operationsOf(c, 'head', 'webhooks');
  const label = (hook: Operation) => `webhook ${hook.path}`;
  const matched = new Set<Operation>();
  for (const before of baseHooks) {
    const after = headHooks.find((hook) => hook.method === before.method && hook.path === before.path);
    if (!after) {
      c.mark('base', before.pointer);
      c.add('webhook-removed', label(before), undefined, before.pointer, `${label(before)} removed`);
      continue;
    }
    matched.add(after);
    compareOperationParts(c, before, after, label(after), 'webhook');
  }
  for (const after of headHooks) {
    if (matched.has(after)) continue;
    c.mark('head', after.pointer);
    c.add('webhook-added', label(after), after.pointer, undefined, `${label(after)} added`);
  }
  markPathParameters(c, 'webhooks', baseHooks, headHooks);
}
