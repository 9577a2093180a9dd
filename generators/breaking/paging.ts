/**
 * How each list pages, compared as the SDKs see it (the IR's `pagination`, from `x-pagination` or
 * detected). A list method returns pages once its operation pages, and walks them by the named
 * parameters and fields: a change there changes the SDKs' signatures even when the wire does not
 * change at all (`x-pagination` added, or paging detected once a response gains a `total`). The
 * document walk cannot see it, so it is a rule of its own.
 */
import { buildIr } from '../core/build-ir.js';
import type { Ir, IrPagination } from '../core/ir.js';
import type { LoadedDocument } from '../core/document.js';
import { join, type Finding } from './context.js';

export interface PagingComparison {
  findings: Finding[];
  /** Why paging was not compared (this generator cannot build the released document's IR), said by every caller. */
  unchecked?: string;
}

/** One `paging-changed` finding per operation (matched by method and path) whose paging the SDKs see differently. */
export function comparePaging(base: LoadedDocument | Ir, head: LoadedDocument | Ir): PagingComparison {
  let before: Ir;
  try {
    before = irOf(base);
  } catch (error) {
    // A released document today's generator refuses (a rule added since) still has its wire compared.
    return {
      findings: [],
      unchecked: `paging-changed was not checked: the released document does not build (${(error as Error).message})`,
    };
  }
  const after = irOf(head);
  const paging = new Map(
    before.operations.map((operation) => [
      `${operation.method} ${operation.path}`,
      describe(operation.pagination),
    ]),
  );
  const findings: Finding[] = [];
  for (const operation of after.operations) {
    const was = paging.get(`${operation.method} ${operation.path}`);
    const is = describe(operation.pagination);
    if (was === undefined || was === is) continue;
    findings.push({
      rule: 'paging-changed',
      where: `${operation.method.toUpperCase()} ${operation.path}`,
      pointer: join('', 'paths', operation.path, operation.method),
      detail: `${was} → ${is}`,
    });
  }
  return { findings };
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
    .map(([key, value]) => `${key} ${text(key, value)}`);
  return `${style} paging (${parts.join(', ')})`;
}

/** A paging value as text: a body path dotted, a next link by where it is, a header name in lower case (HTTP's are case-insensitive). */
function text(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.join('.') || '(the body)';
  if (value && typeof value === 'object') {
    const next = value as { in?: string; field?: string[]; header?: string };
    return next.in === 'header'
      ? `the ${String(next.header).toLowerCase()} header`
      : `the body's ${text('field', next.field ?? [])}`;
  }
  return key === 'linkHeader' ? String(value).toLowerCase() : String(value);
}
