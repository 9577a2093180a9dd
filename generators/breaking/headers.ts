/**
 * Response headers: our server writes them, the client reads them. Matched case-insensitively.
 * (A webhook's headers are parameters of the webhook, compared in `parameters.ts`.)
 */
import { join, type Comparison, type Json, type Located } from './context.js';
import { compareSchemas } from './schema.js';

export function compareResponseHeaders(c: Comparison, b: Located, h: Located, where: string): void {
  const bHeaders: Record<string, Json> = b.node.headers ?? {};
  const hHeaders: Record<string, Json> = h.node.headers ?? {};
  const hByKey = new Map(Object.keys(hHeaders).map((name) => [name.toLowerCase(), name]));
  const bKeys = new Set(Object.keys(bHeaders).map((name) => name.toLowerCase()));
  for (const name of Object.keys(bHeaders)) {
    const basePointer = join(b.pointer, 'headers', name);
    const headName = hByKey.get(name.toLowerCase());
    if (!headName) {
      c.mark('base', basePointer);
      c.add(
        'response-header-removed',
        `${where} header ${name}`,
        undefined,
        basePointer,
        `header ${name} removed`,
      );
      continue;
    }
    const bh = c.resolve('base', bHeaders[name], basePointer);
    const hh = c.resolve('head', hHeaders[headName], join(h.pointer, 'headers', headName));
    c.markBoth(
      bh.pointer,
      hh.pointer,
      'required',
      'deprecated',
      'style',
      'explode',
      ...(bh.node.schema === undefined || hh.node.schema === undefined ? ['schema'] : []),
    );
    if (!!bh.node.required !== !!hh.node.required)
      c.add(
        hh.node.required ? 'response-header-became-required' : 'response-header-became-optional',
        `${where} header ${name}`,
        join(hh.pointer, 'required'),
        undefined,
        `required ${!!bh.node.required} → ${!!hh.node.required}`,
      );
    if (!!bh.node.deprecated !== !!hh.node.deprecated)
      c.add(
        'docs-changed',
        `${where} header ${name}`,
        join(hh.pointer, 'deprecated'),
        undefined,
        `deprecated ${!!bh.node.deprecated} → ${!!hh.node.deprecated}`,
      );
    if (bh.node.schema !== undefined || hh.node.schema !== undefined)
      compareSchemas(
        c,
        'response',
        { node: bh.node.schema ?? {}, pointer: join(bh.pointer, 'schema') },
        { node: hh.node.schema ?? {}, pointer: join(hh.pointer, 'schema') },
        `${where} header ${name}`,
      );
  }
  for (const name of Object.keys(hHeaders)) {
    if (bKeys.has(name.toLowerCase())) continue;
    const pointer = join(h.pointer, 'headers', name);
    c.mark('head', pointer);
    c.add('response-header-added', `${where} header ${name}`, pointer, undefined, `header ${name} added`);
  }
}
