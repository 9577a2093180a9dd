/**
 * How a list operation pages (the IR's `pagination`), from an operation's `x-pagination` when it
 * has one, else detected from its query parameters and success response. Detection is
 * conservative: a list is paged only when its items are found (the body is an array, or an object
 * with exactly one array property) and a paging signal names how to ask for the next page:
 *
 * - cursor: our envelope (`data` array, boolean `has_more`, `next_cursor`) and `starting_after`;
 * - offset: integer query parameters `offset` and `limit`;
 * - page: an integer query parameter `page` (with `per_page`, `page_size`, `pageSize`, `perPage`
 *   or `limit` as its size when there is one); a declared `Link` response header gives the next page;
 * - link: a next-page URL in the body (`links.next`, `_links.next.href`, `nextLink`,
 *   `@odata.nextLink`, `next_url`, `next_page_url`, or `next` when its format is uri), else, for
 *   a body that is an array, a declared `Link` response header.
 *
 * `x-pagination` states what detection cannot (or `false` to say a list does not page); whatever it
 * names that does not exist stops generation with its pointer, never a silent downgrade.
 */
import type { OpenApiDocument } from './document.js';
import { deref, flattenSchema } from './refs.js';
import type { IrBodyPath, IrOperation, IrPagination, IrParameter, JsonSchema } from './ir.js';

// The document is untyped JSON until normalised here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

type Report = (pointer: string, message: string) => void;

const SIZE_PARAMS = ['per_page', 'page_size', 'pageSize', 'perPage', 'limit'];
const TOTAL_FIELDS = [
  ['total'],
  ['total_count'],
  ['totalCount'],
  ['meta', 'total'],
  ['meta', 'total_count'],
  ['pagination', 'total'],
];
const NEXT_LINK_FIELDS = [
  ['links', 'next'],
  ['_links', 'next', 'href'],
  ['nextLink'],
  ['@odata.nextLink'],
  ['next_url'],
  ['next_page_url'],
];

/** The keys `x-pagination` takes per style, besides `style` and `items`. */
const DECLARED_KEYS: Record<IrPagination['style'], string[]> = {
  cursor: ['cursorParam', 'nextCursor', 'hasMore'],
  offset: ['offsetParam', 'limitParam', 'total'],
  page: ['pageParam', 'sizeParam', 'next'],
  link: ['next'],
};

/**
 * The operation's paging: `raw` is its Operation Object and `pointer` where it is written, for
 * `x-pagination`'s errors (reported through `invalid`).
 */
export function collectPagination(
  document: OpenApiDocument,
  operation: IrOperation,
  raw: Json,
  pointer: string,
  invalid: Report,
): IrPagination | undefined {
  const declared = raw?.['x-pagination'];
  if (declared === false) return undefined;
  if (declared !== undefined)
    return declaredPagination(document, operation, declared, `${pointer}/x-pagination`, invalid);
  return detectPagination(document, operation);
}

/** The success response's JSON body schema, flattened (allOf merged), or undefined. */
function successBody(
  document: OpenApiDocument,
  operation: IrOperation,
): { schema: Json; pointer: string } | undefined {
  if (!operation.successStatus) return undefined;
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  if (!success?.isJson || success.schema === undefined) return undefined;
  return { schema: flattenSchema(document, success.schema), pointer: `responses/${success.status}` };
}

function types(schema: Json): string[] {
  return Array.isArray(schema?.type) ? schema.type : typeof schema?.type === 'string' ? [schema.type] : [];
}
const isArray = (schema: Json) =>
  types(schema).includes('array') ||
  (schema?.type === undefined && schema?.items !== undefined && schema?.properties === undefined);
const isInteger = (schema: Json) => types(schema).includes('integer');
const isString = (schema: Json) => types(schema).includes('string');

/** The (flattened) schema at `path` under `body`, or undefined when some property is not declared. */
function schemaAt(document: OpenApiDocument, body: Json, path: IrBodyPath): Json {
  let schema = body;
  for (const key of path) {
    const properties = schema?.properties;
    if (!properties || typeof properties !== 'object' || !Object.hasOwn(properties, key)) return undefined;
    schema = flattenSchema(document, properties[key]);
  }
  return schema;
}

/** Where the items are: the body itself when it is an array, else its one array property. */
function findItems(document: OpenApiDocument, body: Json): IrBodyPath | undefined {
  if (isArray(body)) return [];
  const arrays = Object.keys(body?.properties ?? {}).filter((name) =>
    isArray(flattenSchema(document, body.properties[name])),
  );
  return arrays.length === 1 ? arrays : undefined;
}

function itemSchemaAt(document: OpenApiDocument, body: Json, items: IrBodyPath): JsonSchema {
  const items_ = schemaAt(document, body, items)?.items;
  return items_ && typeof items_ === 'object' ? items_ : true;
}

function queryParam(operation: IrOperation, name: string): IrParameter | undefined {
  return operation.parameters.query.find((param) => param.name === name);
}

function integerDefault(
  document: OpenApiDocument,
  param: IrParameter | undefined,
  key: 'default' | 'minimum' = 'default',
): number | undefined {
  const value = param ? deref(document, param.schema)?.[key] : undefined;
  return Number.isInteger(value) ? value : undefined;
}

function linkHeaderOf(operation: IrOperation): string | undefined {
  return operation.responses
    .find((response) => response.status === operation.successStatus)
    ?.headers.find((header) => /^link$/i.test(header.name))?.name;
}

function firstPageOf(document: OpenApiDocument, param: IrParameter): number {
  return integerDefault(document, param) ?? integerDefault(document, param, 'minimum') ?? 1;
}

function detectPagination(document: OpenApiDocument, operation: IrOperation): IrPagination | undefined {
  if (operation.method !== 'get') return undefined;
  const body = successBody(document, operation)?.schema;
  if (body === undefined) return undefined;
  const cursor = detectCursor(document, operation, body);
  if (cursor) return cursor;
  const items = findItems(document, body);
  if (!items) return undefined;
  const itemSchema = itemSchemaAt(document, body, items);
  const integerParam = (name: string) => {
    const param = queryParam(operation, name);
    return param && isInteger(deref(document, param.schema)) ? param : undefined;
  };
  const offset = integerParam('offset');
  const limit = integerParam('limit');
  if (offset && limit) {
    const totalField = TOTAL_FIELDS.find((path) => isInteger(schemaAt(document, body, path)));
    return {
      style: 'offset',
      items,
      offsetParam: offset.name,
      limitParam: limit.name,
      ...optional('defaultLimit', integerDefault(document, limit)),
      ...optional('totalField', totalField),
      itemSchema,
    };
  }
  const page = integerParam('page');
  if (page) {
    const size = SIZE_PARAMS.map(integerParam).find(Boolean);
    return {
      style: 'page',
      items,
      pageParam: page.name,
      firstPage: firstPageOf(document, page),
      ...optional('sizeParam', size?.name),
      ...optional('defaultSize', integerDefault(document, size)),
      ...optional('linkHeader', linkHeaderOf(operation)),
      itemSchema,
    };
  }
  const nextField =
    NEXT_LINK_FIELDS.find((path) => isString(schemaAt(document, body, path))) ??
    (isUri(schemaAt(document, body, ['next'])) ? ['next'] : undefined);
  if (nextField) return { style: 'link', items, next: { in: 'body', field: nextField }, itemSchema };
  // A Link header alone is a paging signal only for a body that is the list itself: an object
  // with one array property and a Link header is as often one resource (GitHub's hosted runner).
  const header = linkHeaderOf(operation);
  if (header && items.length === 0)
    return { style: 'link', items, next: { in: 'header', header }, itemSchema };
  return undefined;
}

const isUri = (schema: Json) =>
  isString(schema) && (schema.format === 'uri' || schema.format === 'uri-reference');

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * Our list envelope: a GET whose success body has a `data` array, a boolean `has_more` and a
 * `next_cursor`, and which takes `starting_after`. `previous_cursor`/`ending_before` and `limit`
 * are optional parts of the same convention.
 */
function detectCursor(
  document: OpenApiDocument,
  operation: IrOperation,
  body: Json,
): IrPagination | undefined {
  const properties = body.properties ?? {};
  const data = deref(document, properties.data);
  const hasMore = deref(document, properties.has_more);
  if (
    data?.type !== 'array' ||
    hasMore?.type !== 'boolean' ||
    !properties.next_cursor ||
    !queryParam(operation, 'starting_after')
  )
    return undefined;
  const limit = queryParam(operation, 'limit');
  const limitSchema = limit ? deref(document, limit.schema) : undefined;
  return {
    style: 'cursor',
    dataField: 'data',
    hasMoreField: 'has_more',
    nextCursorField: 'next_cursor',
    previousCursorField: properties.previous_cursor ? 'previous_cursor' : undefined,
    forwardParam: 'starting_after',
    backwardParam: queryParam(operation, 'ending_before') ? 'ending_before' : undefined,
    limitParam: limit ? 'limit' : undefined,
    limit: limitSchema
      ? { minimum: limitSchema.minimum, maximum: limitSchema.maximum, default: limitSchema.default }
      : undefined,
    itemSchema:
      data.items && typeof data.items === 'object'
        ? data.items
        : typeof data.items === 'boolean'
          ? data.items
          : true,
  };
}

/**
 * An operation's `x-pagination`, e.g. `{ style: offset, items: data, offsetParam: offset,
 * limitParam: limit, total: meta.total }`. Property paths are dotted (`meta.total`); `items`
 * defaults to the detected item array, parameter names to the usual ones (`offset`, `limit`,
 * `page`, `starting_after`). Page and link styles take `next: header` for the `Link` header; link
 * also a body path to the next URL. Every problem is reported (with its pointer) and none is paged.
 */
function declaredPagination(
  document: OpenApiDocument,
  operation: IrOperation,
  declared: Json,
  pointer: string,
  invalid: Report,
): IrPagination | undefined {
  if (!declared || typeof declared !== 'object' || Array.isArray(declared)) {
    invalid(pointer, 'x-pagination must be an object (or false, for a list that does not page)');
    return undefined;
  }
  const style = declared.style as IrPagination['style'];
  if (!Object.hasOwn(DECLARED_KEYS, style)) {
    invalid(
      `${pointer}/style`,
      `x-pagination style must be one of ${Object.keys(DECLARED_KEYS).join(', ')}; got ${JSON.stringify(style)}`,
    );
    return undefined;
  }
  let ok = true;
  const fail = (at: string, message: string) => {
    invalid(at, message);
    ok = false;
  };
  for (const key of Object.keys(declared)) {
    if (key !== 'style' && key !== 'items' && !DECLARED_KEYS[style].includes(key))
      fail(
        `${pointer}/${key}`,
        `x-pagination style ${style} takes no "${key}" (it takes items, ${DECLARED_KEYS[style].join(', ')})`,
      );
  }
  if (operation.method !== 'get')
    fail(
      pointer,
      `x-pagination on a ${operation.method.toUpperCase()}: only a GET list is paged (its next page is the same request with other query parameters, or another URL)`,
    );
  const success = successBody(document, operation);
  if (!success) {
    fail(pointer, 'x-pagination on an operation without a JSON success response: there are no items to page');
    return undefined;
  }
  const body = success.schema;
  const bodyWhere = `the ${operation.successStatus} response's JSON body`;

  /** A query parameter named by `key` (or its default name), which must exist and, for numbers, be an integer. */
  const param = (key: string, fallback: string | undefined, integer: boolean): string | undefined => {
    const named = declared[key] ?? fallback;
    if (named === undefined) return undefined;
    const at = declared[key] === undefined ? pointer : `${pointer}/${key}`;
    if (typeof named !== 'string') return void fail(at, `${key} must be a query parameter's name`);
    const found = queryParam(operation, named);
    if (!found)
      return void fail(
        at,
        `${declared[key] === undefined ? `${key} defaults to "${named}", but` : `${key}:`} the operation has no query parameter "${named}"`,
      );
    if (integer && !isInteger(deref(document, found.schema)))
      return void fail(at, `${key}: query parameter "${named}" is not an integer`);
    return named;
  };
  /** A dotted body path named by `key`, which must exist in the body and satisfy `is`. */
  const field = (key: string, is: (schema: Json) => boolean, what: string): IrBodyPath | undefined => {
    const named = declared[key];
    if (named === undefined) return undefined;
    if (typeof named !== 'string' || named === '')
      return void fail(`${pointer}/${key}`, `${key} must be a dotted property path, e.g. "meta.total"`);
    const path = named.split('.');
    const schema = schemaAt(document, body, path);
    if (schema === undefined)
      return void fail(`${pointer}/${key}`, `${key}: ${bodyWhere} has no property "${named}"`);
    if (!is(schema))
      return void fail(`${pointer}/${key}`, `${key}: "${named}" in ${bodyWhere} is not ${what}`);
    return path;
  };

  const items =
    declared.items !== undefined ? field('items', isArray, 'an array') : findItems(document, body);
  if (!items && declared.items === undefined)
    fail(
      pointer,
      `x-pagination names no items and ${bodyWhere} is neither an array nor an object with exactly one array property; say which with items: <property path>`,
    );
  const itemSchema = items ? itemSchemaAt(document, body, items) : true;

  if (style === 'cursor') {
    if (items && items.length !== 1)
      fail(`${pointer}/items`, "a cursor list's items must be a top-level property of the body");
    const forwardParam = param('cursorParam', 'starting_after', false);
    const nextCursor =
      field('nextCursor', isString, 'a string') ??
      (declared.nextCursor === undefined
        ? void fail(pointer, 'a cursor list needs nextCursor: the body property holding the next cursor')
        : undefined);
    const hasMore =
      field('hasMore', (schema) => types(schema).includes('boolean'), 'a boolean') ??
      (declared.hasMore === undefined
        ? void fail(
            pointer,
            'a cursor list needs hasMore: the boolean body property saying more items follow',
          )
        : undefined);
    if (!ok || !items || !forwardParam || !nextCursor || !hasMore) return undefined;
    if (nextCursor.length !== 1 || hasMore.length !== 1)
      return void fail(
        pointer,
        "a cursor list's nextCursor and hasMore must be top-level properties of the body",
      );
    return {
      style,
      dataField: items[0],
      hasMoreField: hasMore[0],
      nextCursorField: nextCursor[0],
      forwardParam,
      itemSchema,
    };
  }
  if (style === 'offset') {
    const offsetParam = param('offsetParam', 'offset', true);
    const limitParam = param('limitParam', 'limit', true);
    const totalField = field('total', isInteger, 'an integer');
    if (!ok || !items || !offsetParam || !limitParam) return undefined;
    return {
      style,
      items,
      offsetParam,
      limitParam,
      ...optional('defaultLimit', integerDefault(document, queryParam(operation, limitParam))),
      ...optional('totalField', totalField),
      itemSchema,
    };
  }
  const next = declared.next;
  const header = linkHeaderOf(operation) ?? 'Link';
  if (style === 'page') {
    const pageParam = param('pageParam', 'page', true);
    const sizeParam = param('sizeParam', undefined, true);
    if (next !== undefined && next !== 'header')
      fail(
        `${pointer}/next`,
        'a page list\'s next can only be "header" (the RFC 8288 Link header\'s rel="next")',
      );
    if (!ok || !items || !pageParam) return undefined;
    const size = sizeParam ? queryParam(operation, sizeParam) : undefined;
    return {
      style,
      items,
      pageParam,
      firstPage: firstPageOf(document, queryParam(operation, pageParam)!),
      ...optional('sizeParam', sizeParam),
      ...optional('defaultSize', integerDefault(document, size)),
      ...optional('linkHeader', next === 'header' ? header : undefined),
      itemSchema,
    };
  }
  if (next === undefined)
    fail(
      pointer,
      'a link list needs next: "header" (the RFC 8288 Link header) or the body property holding the next page\'s URL, e.g. links.next',
    );
  const nextField = next === 'header' ? undefined : field('next', isString, 'a string');
  if (!ok || !items || next === undefined) return undefined;
  return {
    style,
    items,
    next: nextField ? { in: 'body', field: nextField } : { in: 'header', header },
    itemSchema,
  };
}
