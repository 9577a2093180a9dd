/**
 * Bodies: an operation's request body (the client writes it), a webhook's payload (our server
 * writes it), and the media types of any body, responses' included, each with its schema.
 */
import { join, type Channel, type Comparison, type Located, type Operation } from './context.js';
import type { Flow } from './rules.js';
import { compareSchemas } from './schema.js';

const mediaKey = (type: string) => type.split(';')[0].trim().toLowerCase();

export function compareRequestBody(
  c: Comparison,
  before: Operation,
  after: Operation,
  where: string,
  channel: Channel,
): void {
  const webhook = channel === 'webhook';
  const b =
    before.node.requestBody === undefined
      ? undefined
      : c.resolve('base', before.node.requestBody, join(before.pointer, 'requestBody'));
  const h =
    after.node.requestBody === undefined
      ? undefined
      : c.resolve('head', after.node.requestBody, join(after.pointer, 'requestBody'));
  if (!b && !h) return;
  const label = webhook ? `${where} payload` : `${where} request body`;
  if (!b || !h) {
    if (b) c.mark('base', b.pointer);
    if (h) c.mark('head', h.pointer);
    if (webhook)
      c.add(
        b ? 'webhook-payload-removed' : 'webhook-added',
        label,
        h?.pointer,
        b?.pointer,
        b ? 'payload removed' : 'payload added',
      );
    else if (b) c.add('request-body-removed', label, undefined, b.pointer, 'request body removed');
    else
      c.add(
        h!.node.required ? 'request-body-required-added' : 'request-body-optional-added',
        label,
        h!.pointer,
        undefined,
        `${h!.node.required ? 'required' : 'optional'} request body added`,
      );
    return;
  }
  c.markBoth(b.pointer, h.pointer, 'required');
  if (!webhook && !!b.node.required !== !!h.node.required)
    c.add(
      h.node.required ? 'request-body-became-required' : 'request-body-became-optional',
      label,
      join(h.pointer, 'required'),
      undefined,
      `required ${!!b.node.required} → ${!!h.node.required}`,
    );
  compareContent(c, webhook ? 'webhook-payload' : 'request', b, h, label);
}

/** Media types of a body; request and webhook payload bodies are written by one side only. */
export function compareContent(c: Comparison, flow: Flow, b: Located, h: Located, where: string): void {
  const bContent: Record<string, Located['node']> = b.node.content ?? {};
  const hContent: Record<string, Located['node']> = h.node.content ?? {};
  const hByKey = new Map(Object.keys(hContent).map((type) => [mediaKey(type), type]));
  const bByKey = new Map(Object.keys(bContent).map((type) => [mediaKey(type), type]));
  const isRequest = flow === 'request' || flow === 'webhook-reply';
  for (const [key, type] of bByKey) {
    const pointer = join(b.pointer, 'content', type);
    const headType = hByKey.get(key);
    if (!headType) {
      c.mark('base', pointer);
      const rule =
        flow === 'webhook-payload'
          ? 'webhook-payload-media-type-changed'
          : isRequest
            ? 'request-media-type-removed'
            : hByKey.size
              ? 'response-media-type-removed'
              : 'response-body-removed';
      c.add(rule, `${where} ${type}`, undefined, pointer, `media type ${type} removed`);
      continue;
    }
    const headPointer = join(h.pointer, 'content', headType);
    const bSchema = bContent[type].schema;
    const hSchema = hContent[headType].schema;
    // A schema present on one side only is compared against {}; the missing side has nothing to account for.
    if (bSchema === undefined || hSchema === undefined) c.markBoth(pointer, headPointer, 'schema');
    if (bSchema !== undefined || hSchema !== undefined)
      compareSchemas(
        c,
        flow,
        { node: bSchema ?? {}, pointer: join(pointer, 'schema') },
        { node: hSchema ?? {}, pointer: join(headPointer, 'schema') },
        where,
      );
  }
  for (const [key, type] of hByKey) {
    if (bByKey.has(key)) continue;
    const pointer = join(h.pointer, 'content', type);
    c.mark('head', pointer);
    const rule =
      flow === 'webhook-payload'
        ? 'webhook-payload-media-type-changed'
        : isRequest
          ? 'request-media-type-added'
          : bByKey.size
            ? 'response-media-type-added'
            : 'response-body-added';
    // A payload gaining a second media type does not change what receivers get today.
    if (flow === 'webhook-payload' && bByKey.size)
      c.add('docs-changed', `${where} ${type}`, pointer, undefined, `media type ${type} added`);
    else c.add(rule, `${where} ${type}`, pointer, undefined, `media type ${type} added`);
  }
}
