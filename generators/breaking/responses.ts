/**
 * Responses of an operation (our server writes them, the client reads them) and the replies a
 * webhook receiver may send (the receiver writes them, our server reads them): statuses, bodies,
 * headers and links.
 */
import { join, same, type Channel, type Comparison, type Json, type Operation } from './context.js';
import { compareContent } from './bodies.js';
import { compareResponseHeaders } from './headers.js';

const isSuccess = (status: string) => /^[23]/.test(status);

export function compareResponses(
  c: Comparison,
  before: Operation,
  after: Operation,
  where: string,
  channel: Channel,
): void {
  const webhook = channel === 'webhook';
  const bResponses: Record<string, Json> = before.node.responses ?? {};
  const hResponses: Record<string, Json> = after.node.responses ?? {};
  const baseHasSuccess = Object.keys(bResponses).some(isSuccess);
  for (const status of Object.keys(bResponses)) {
    const basePointer = join(before.pointer, 'responses', status);
    if (!(status in hResponses)) {
      c.mark('base', basePointer);
      const rule = webhook
        ? 'webhook-reply-status-removed'
        : isSuccess(status)
          ? 'response-status-removed'
          : 'response-error-status-removed';
      c.add(rule, `${where} response ${status}`, undefined, basePointer, `response ${status} removed`);
      continue;
    }
    const b = c.resolve('base', bResponses[status], basePointer);
    const h = c.resolve('head', hResponses[status], join(after.pointer, 'responses', status));
    const label = webhook ? `${where} reply ${status}` : `${where} response ${status}`;
    compareContent(c, webhook ? 'webhook-reply' : 'response', b, h, `${label} body`);
    if (!webhook) compareResponseHeaders(c, b, h, label);
    c.markBoth(b.pointer, h.pointer, 'links');
    if (!same(b.node.links, h.node.links))
      c.add(
        'response-link-changed',
        `${label} links`,
        join(h.pointer, 'links'),
        undefined,
        `links ${Object.keys(b.node.links ?? {}).join(', ') || 'none'} → ${Object.keys(h.node.links ?? {}).join(', ') || 'none'}`,
      );
  }
  for (const status of Object.keys(hResponses)) {
    if (status in bResponses) continue;
    const pointer = join(after.pointer, 'responses', status);
    c.mark('head', pointer);
    const rule = webhook
      ? 'webhook-reply-status-added'
      : isSuccess(status) && baseHasSuccess
        ? 'response-success-status-added'
        : 'response-status-added';
    c.add(rule, `${where} response ${status}`, pointer, undefined, `response ${status} added`);
  }
}
