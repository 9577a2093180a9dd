/**
 * Which page class a list operation returns in each SDK and the paging spec its runtime reads
 * (the IR's `pagination` restated as plain data), decided once for both SDKs. Our cursor envelope
 * keeps its own page (`CursorPage`: backward paging, `has_more`); every other style gets the one
 * `Page`, whose runtime asks for the next page by the spec's style.
 */
import type { Ir, IrOperation, IrPagination } from '../core/ir.js';
// The spec the runtimes page by, declared once by the TypeScript client's runtime (which is copied
// into each client package and imports nothing of the generators).
import type { PageSpec, PaginationSpec } from '../plugins/client/runtime/pagination.js';

export interface PageClasses {
  /** TypeScript: the page class (`CursorPage`, `Page`). */
  typescript: 'CursorPage' | 'Page';
  /** Python: the sync page, the async page, and what an async list method returns (awaitable, async-iterable). */
  python: {
    sync: 'SyncCursorPage' | 'SyncPage';
    async: 'AsyncCursorPage' | 'AsyncPage';
    paginator: 'AsyncPaginator' | 'AsyncPagePaginator';
  };
}

/** The page classes an operation's list method returns. */
export function pageClasses(pagination: IrPagination): PageClasses {
  return pagination.style === 'cursor'
    ? {
        typescript: 'CursorPage',
        python: { sync: 'SyncCursorPage', async: 'AsyncCursorPage', paginator: 'AsyncPaginator' },
      }
    : {
        typescript: 'Page',
        python: { sync: 'SyncPage', async: 'AsyncPage', paginator: 'AsyncPagePaginator' },
      };
}

/** The spec the runtime pages by; undefined values left out. */
export function wirePaging(pagination: IrPagination): PaginationSpec | PageSpec {
  const defined = <T extends object>(value: T): T =>
    Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
  switch (pagination.style) {
    case 'cursor': {
      const { dataField, hasMoreField, nextCursorField, previousCursorField, forwardParam, backwardParam } =
        pagination;
      return defined({
        dataField,
        hasMoreField,
        nextCursorField,
        previousCursorField,
        forwardParam,
        backwardParam,
      });
    }
    case 'offset':
      return defined({
        style: 'offset',
        items: pagination.items,
        offsetParam: pagination.offsetParam,
        limitParam: pagination.limitParam,
        totalField: pagination.totalField,
      });
    case 'page':
      return defined({
        style: 'page',
        items: pagination.items,
        pageParam: pagination.pageParam,
        firstPage: pagination.firstPage,
        sizeParam: pagination.sizeParam,
        linkHeader: pagination.linkHeader,
      });
    case 'link':
      return defined({
        style: 'link',
        items: pagination.items,
        ...(pagination.next.in === 'body'
          ? { nextField: pagination.next.field }
          : { linkHeader: pagination.next.header }),
      });
  }
}

/** Where the items are, as property names from the body (cursor: its data field). */
export function itemsPath(pagination: IrPagination): string[] {
  return pagination.style === 'cursor' ? [pagination.dataField] : pagination.items;
}

/** The query parameter that sets a page's size, when the list has one (cursor/offset `limit`, page `per_page`). */
export function pageSizeParam(pagination: IrPagination): string | undefined {
  return pagination.style === 'page'
    ? pagination.sizeParam
    : pagination.style === 'link'
      ? undefined
      : pagination.limitParam;
}

/**
 * A page size for a README example of a list: the query parameter that sets it (its wire name)
 * and `wanted` moved into the parameter's `minimum`/`maximum`. Undefined when the list has no
 * such parameter (link paging, or a size the operation does not declare) or the parameter is not
 * a number: the example then passes no size rather than a name the method does not take.
 */
export function pageSizeArgument(
  ir: Ir,
  operation: IrOperation,
  wanted: number,
): { param: string; value: number } | undefined {
  const name = operation.pagination && pageSizeParam(operation.pagination);
  const param =
    name === undefined ? undefined : operation.parameters.query.find((candidate) => candidate.name === name);
  if (!param) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const schema: any = ir.model.flatten(param.schema) ?? {};
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('integer') && !types.includes('number')) return undefined;
  const atLeast =
    typeof schema.minimum === 'number'
      ? Math.ceil(schema.minimum)
      : typeof schema.exclusiveMinimum === 'number'
        ? Math.floor(schema.exclusiveMinimum) + 1
        : undefined;
  const atMost =
    typeof schema.maximum === 'number'
      ? Math.floor(schema.maximum)
      : typeof schema.exclusiveMaximum === 'number'
        ? Math.ceil(schema.exclusiveMaximum) - 1
        : undefined;
  const value = Math.max(atLeast ?? -Infinity, Math.min(atMost ?? Infinity, wanted));
  return { param: param.name, value };
}

/** How a list pages, for READMEs: "by offset (`offset` + `limit`)". */
export function pagingText(pagination: IrPagination): string {
  const code = (name: string) => `\`${name}\``;
  switch (pagination.style) {
    case 'cursor':
      return `by cursor (${code(pagination.nextCursorField)} sent back as ${code(pagination.forwardParam)})`;
    case 'offset':
      return `by offset (${code(pagination.offsetParam)} advanced by the items received, ${code(pagination.limitParam)} per page${pagination.totalField ? `, up to ${code(pagination.totalField.join('.'))}` : ''})`;
    case 'page':
      return `by page number (${code(pagination.pageParam)}${pagination.sizeParam ? ` and ${code(pagination.sizeParam)}` : ''}${pagination.linkHeader ? `; the next page is the ${code(pagination.linkHeader)} header's rel="next"` : ''})`;
    case 'link':
      return pagination.next.in === 'body'
        ? `by the next page's URL in ${code(pagination.next.field.join('.'))}`
        : `by the ${code(pagination.next.header)} header's rel="next" URL`;
  }
}
