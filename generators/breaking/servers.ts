/** Servers (the document's or an operation's), matched by URL: a client configured with a removed one stops reaching the API. */
import { join, type Comparison, type Json, type Located } from './context.js';

export function compareServers(c: Comparison, b: Located, h: Located, where: string): void {
  if (b.node === undefined && h.node === undefined) return;
  const list = (value: Json): Json[] => (Array.isArray(value) ? value : []);
  const url = (server: Json) => String(server?.url ?? '');
  const headUrls = list(h.node).map(url);
  const baseUrls = list(b.node).map(url);
  list(b.node).forEach((server, index) => {
    const other = headUrls.indexOf(url(server));
    if (other >= 0) {
      c.mark('base', join(b.pointer, index, 'url'));
      c.mark('head', join(h.pointer, other, 'url'));
      return;
    }
    c.mark('base', join(b.pointer, index));
    c.add('server-removed', where, undefined, join(b.pointer, index), `server ${server?.url} removed`);
  });
  list(h.node).forEach((server, index) => {
    if (baseUrls.includes(url(server))) return;
    c.mark('head', join(h.pointer, index));
    c.add('server-added', where, join(h.pointer, index), undefined, `server ${server?.url} added`);
  });
}
