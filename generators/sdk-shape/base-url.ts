/** Where an SDK sends requests when the caller says nothing: the first server, its variables at their defaults. */
import type { Ir } from '../core/ir.js';

export function defaultBaseUrl(ir: Ir): string {
  const server = (ir.document.servers ?? [])[0];
  if (!server?.url) return 'http://localhost';
  return String(server.url).replace(/\{([^}]+)\}/g, (_match: string, name: string) => String(server.variables?.[name]?.default ?? ''));
}
