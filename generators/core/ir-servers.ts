/**
 * Server Objects (OAS 3.0 §4.7.5, 3.1 §4.8.5) in the IR: the root's, and each operation's effective
 * list (OAS: an operation's `servers` override its path item's, which override the root's; an empty
 * list overrides nothing). Variables take their defaults; a relative URL is resolved against the
 * root's first server (the document's own location is unknown to a generated SDK). A variable the
 * URL uses but does not declare, or one without a default, has no value to send: an error with its
 * pointer, never an empty string.
 */
import { escapePointerPart } from './refs.js';
import type { IrOperationServers, IrServer } from './ir.js';

// The document is untyped JSON until normalised here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

type Report = (pointer: string, message: string) => void;

/** One list of Server Objects at `pointer`; `base` resolves relative URLs (the root's first server, when absolute). */
export function collectServers(list: Json, pointer: string, invalid: Report, base?: string): IrServer[] {
  if (!Array.isArray(list)) return [];
  const servers: IrServer[] = [];
  list.forEach((raw: Json, index: number) => {
    const at = `${pointer}/${index}`;
    if (!raw || typeof raw !== 'object' || typeof raw.url !== 'string') {
      invalid(at, 'a Server Object needs a url string');
      return;
    }
    const variables: IrServer['variables'] = {};
    for (const [name, variable] of Object.entries<Json>(raw.variables ?? {})) {
      if (variable?.default === undefined || variable?.default === null) {
        invalid(`${at}/variables/${escapePointerPart(name)}`, `server variable '${name}' has no default`);
        continue;
      }
      variables[name] = {
        default: String(variable.default),
        ...(Array.isArray(variable.enum) ? { enum: variable.enum.map(String) } : {}),
        ...(typeof variable.description === 'string' ? { description: variable.description } : {}),
      };
    }
    let complete = true;
    const substituted = raw.url.replace(/\{([^}]*)\}/g, (whole: string, name: string) => {
      if (Object.hasOwn(variables, name)) return variables[name].default;
      if (!Object.hasOwn(raw.variables ?? {}, name))
        invalid(`${at}/url`, `server URL '${raw.url}' uses {${name}}, which its variables do not declare`);
      complete = false;
      return whole;
    });
    if (!complete) return;
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(substituted);
    servers.push({
      url: resolveServerUrl(substituted, base),
      template: raw.url,
      ...(relative ? { relativeUrl: substituted } : {}),
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      variables,
    });
  });
  return servers;
}

/** A server URL resolved against an absolute base (RFC 3986), or as written when it is absolute or there is no absolute base. */
export function resolveServerUrl(url: string, base: string | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || !base || !/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) return url;
  try {
    // The base is an API root, read as a folder (`uploads` under `…/v1` is `…/v1/uploads`), as the SDKs resolve it.
    return new URL(url, base.endsWith('/') ? base : `${base}/`).href.replace(/\/$/, (slash) =>
      url.endsWith('/') ? slash : '',
    );
  } catch {
    return url;
  }
}

/** An operation's effective servers: its own, else its path item's, else the root's. */
export function operationServers(
  operation: Json,
  pathItem: Json,
  operationPointer: string,
  pathPointer: string,
  root: IrServer[],
  invalid: Report,
): IrOperationServers {
  const base = root[0]?.url;
  if (Array.isArray(operation.servers) && operation.servers.length > 0) {
    return {
      declaredAt: 'operation',
      servers: collectServers(operation.servers, `${operationPointer}/servers`, invalid, base),
      pointer: `${operationPointer}/servers`,
    };
  }
  if (Array.isArray(pathItem.servers) && pathItem.servers.length > 0) {
    return {
      declaredAt: 'path',
      servers: collectServers(pathItem.servers, `${pathPointer}/servers`, invalid, base),
      pointer: `${pathPointer}/servers`,
    };
  }
  return { declaredAt: 'root', servers: root, pointer: '/servers' };
}
