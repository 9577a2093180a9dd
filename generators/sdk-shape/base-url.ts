/**
 * Where an SDK sends requests when the caller says nothing: the first root server, its variables at
 * their defaults; and, for an operation whose own servers (operation or path item) say otherwise,
 * the first of those.
 */
import type { Ir, IrOperation } from '../core/ir.js';

export function defaultBaseUrl(ir: Ir): string {
  return ir.servers[0]?.url || 'http://localhost';
}

/**
 * The base URL an operation declares for itself (its first effective server), or undefined when it
 * uses the root servers or its own first server is the client's default anyway (a spec that
 * repeats the root server on each path): then the client's base URL, given or default, applies.
 * `url` is what the SDK sends to: absolute, or relative as the spec writes it (variables at their
 * defaults), which the runtimes resolve against the client's base URL (so a relative server follows
 * a client pointed elsewhere); `resolved` is it against the default, for documentation.
 */
export function operationBaseUrl(
  ir: Ir,
  operation: IrOperation,
): { url: string; resolved: string } | undefined {
  if (operation.servers.declaredAt === 'root') return undefined;
  const own = operation.servers.servers[0];
  if (!own) return undefined;
  const trim = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);
  if (trim(own.url) === trim(defaultBaseUrl(ir))) return undefined;
  return { url: trim(own.relativeUrl ?? own.url), resolved: trim(own.url) };
}
