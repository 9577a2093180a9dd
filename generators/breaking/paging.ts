/**
 * How each list pages, compared as the SDKs see it (the IR's `pagination`, from `x-pagination` or
 * detected). A list method returns pages once its operation pages, and walks them by the named
 * parameters and fields: a change there changes the SDKs' signatures even when the wire does not
 * change at all (`x-pagination` added, or paging detected once a response gains a `total`). The
 * document walk cannot see it, so it is a rule of its own.
 */
import { buildIr } from '../core/build-ir.js';
import type { Ir, IrPagination } from '../core/ir.js';
import type { LoadedDocument } from '../core/load.js';
import { join, type Finding } from './context.js';

/** One `paging-changed` finding per operation (matched by method and path) whose paging the SDKs see differently. */
export function comparePaging(base: LoadedDocument | Ir, head: LoadedDocument | Ir): Finding[] {
  const [before, after] = [irOf(base), irOf(head)];
  const findings: Finding[] = [];
  for (const operation of after.operations) {
    const old = before.operations.find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
    if (!old) continue;
    const [was, is] = [describe(old.pagination), describe(operation.pagination)];
    if (was === is) continue;
    findings.push({ rule: 'paging-changed', where: `${operation.method.toUpperCase()} ${operation.path}`, pointer: join('', 'paths', operation.path, operation.method), detail: `${was} → ${is}` });
  }
  return findings;
}

function irOf(source: LoadedDocument | Ir): Ir {
  return 'operations' in source ? source : buildIr(source);
}

/** What the SDKs take from a list's paging, in one line: its style and every name it walks by (not the item schema, which the schema rules compare). */
function describe(pagination: IrPagination | undefined): string {
  if (!pagination) return 'not paged';
  const { style, itemSchema: _items, ...names } = pagination as IrPagination & Record<string, unknown>;
  for (const key of ['limit', 'defaultLimit', 'defaultSize']) delete names[key];
  const parts = Object.entries(names)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join('.') || '(the body)' : String(value)}`);
  return `${style} paging (${parts.join(', ')})`;
}
