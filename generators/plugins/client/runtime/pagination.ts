/**
 * List pages. One base (`BasePage`) walks pages and items; `CursorPage` pages over our list
 * envelope (`data`, `has_more`, `next_cursor`, `previous_cursor`, both directions) and `Page` over
 * every other style its spec names: offset + limit, page numbers, or the next page's URL (in the
 * body or an RFC 8288 `Link` header). A page knows how it was asked for, so it can fetch the next;
 * iterating a page (or the promise of one) walks every item of it and of every following page.
 */
import { APIPromise, type WithResponse } from './api-promise.js';
import { ClientError } from './errors.js';
import { ownValue } from './serialize.js';

/** Our cursor envelope's spec (a spec without `style`); the IR's cursor pagination and the SDK shape's wire paging are this shape. */
export interface PaginationSpec {
  dataField: string;
  hasMoreField: string;
  nextCursorField: string;
  previousCursorField?: string | undefined;
  forwardParam: string;
  backwardParam?: string | undefined;
}

/**
 * Every other style: where the items are (property names from the body; none: the body is the
 * array) and how the next page is asked for. The SDK shape's wire paging (sdk-shape/paging.ts).
 */
export interface PageSpec {
  style: 'offset' | 'page' | 'link';
  items: string[];
  offsetParam?: string | undefined;
  limitParam?: string | undefined;
  totalField?: string[] | undefined;
  pageParam?: string | undefined;
  firstPage?: number | undefined;
  sizeParam?: string | undefined;
  /** The RFC 8288 header whose rel="next" URL is the next page (its absence: the last page). */
  linkHeader?: string | undefined;
  /** Property names from the body to the next page's URL. */
  nextField?: string[] | undefined;
}

/** How the next page is asked for: the same operation with other query parameters, or a GET of a URL. */
export type PageRequest = { params: Record<string, unknown> } | { url: string };

/** Fetches one page for the given query parameters. */
export type PageFetcher<Item> = (params: Record<string, unknown>) => Promise<WithResponse<CursorPage<Item>>>;

export type PagingDirection = 'forward' | 'backward';

/** What every page offers: its items, whether another follows, and walking them all. */
export abstract class BasePage<Item> implements AsyncIterable<Item> {
  /** The items of this page, in list order. */
  abstract readonly data: Item[];
  /** Whether a page follows this one. */
  abstract hasNextPage(): boolean;
  /** The page after this one; throws when there is none. */
  abstract getNextPage(): Promise<BasePage<Item>>;

  /** This page and every following one. */
  async *iterPages(): AsyncGenerator<this> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this page
    let page: this = this;
    yield page;
    while (page.hasNextPage()) {
      page = (await page.getNextPage()) as this;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

export class CursorPage<Item> extends BasePage<Item> {
  readonly data: Item[];
  /** True when more items follow this page in its paging direction. */
  readonly hasMore: boolean;
  readonly nextCursor: string | null;
  readonly previousCursor: string | null;
  /** Which way this page was reached: backward when it was asked for with the backward cursor. */
  readonly direction: PagingDirection;
  /** The whole envelope as received (e.g. `request_id`). */
  readonly body: Record<string, unknown>;

  constructor(
    private readonly spec: PaginationSpec,
    private readonly params: Record<string, unknown>,
    private readonly fetchPage: PageFetcher<Item>,
    body: unknown,
  ) {
    super();
    this.body = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const data = this.body[spec.dataField];
    this.data = Array.isArray(data) ? (data as Item[]) : [];
    this.hasMore = this.body[spec.hasMoreField] === true;
    this.nextCursor = stringOrNull(this.body[spec.nextCursorField]);
    this.previousCursor = spec.previousCursorField ? stringOrNull(this.body[spec.previousCursorField]) : null;
    this.direction =
      spec.backwardParam && ownValue(params, spec.backwardParam) !== undefined ? 'backward' : 'forward';
  }

  /** Whether a page follows this one in its paging direction. */
  hasNextPage(): boolean {
    // A cursor equal to the one this page was asked with names this page again: the end, not a loop.
    return this.direction === 'forward'
      ? this.hasMore &&
          this.nextCursor !== null &&
          this.nextCursor !== ownValue(this.params, this.spec.forwardParam)
      : this.hasPreviousPage();
  }

  hasPreviousPage(): boolean {
    if (!this.spec.backwardParam || this.previousCursor === null) return false;
    if (
      this.direction === 'backward' &&
      this.previousCursor === ownValue(this.params, this.spec.backwardParam)
    )
      return false;
    return this.direction === 'backward' ? this.hasMore : true;
  }

  /** The page after this one (forward: `starting_after = next_cursor`). */
  async getNextPage(): Promise<CursorPage<Item>> {
    if (this.direction === 'backward') return this.getPreviousPage();
    if (!this.nextCursor) throw new ClientError('No next page: this is the last one (has_more is false).');
    return (await this.fetchPage(this.neighbourParams(this.spec.forwardParam, this.nextCursor))).data;
  }

  /** The page before this one (backward: `ending_before = previous_cursor`). */
  async getPreviousPage(): Promise<CursorPage<Item>> {
    if (!this.spec.backwardParam) throw new ClientError('This list cannot be paged backward.');
    if (!this.previousCursor) throw new ClientError('No previous page: this is the first one.');
    return (await this.fetchPage(this.neighbourParams(this.spec.backwardParam, this.previousCursor))).data;
  }

  private neighbourParams(param: string, cursor: string): Record<string, unknown> {
    const next: Record<string, unknown> = { ...this.params, [param]: cursor };
    for (const other of [this.spec.forwardParam, this.spec.backwardParam])
      if (other && other !== param) delete next[other];
    return next;
  }
}

/** The promise of a first page that can also be iterated item by item with `for await`. */
export class PagePromise<Item, P extends BasePage<Item> = CursorPage<Item>>
  extends APIPromise<P>
  implements AsyncIterable<Item>
{
  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    const page = await this;
    yield* page;
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What a walk has seen before a page: the items of the page before it (as JSON) and, in a list
 * that pages by links, the first page's items with its next link, and the URLs asked for, newest
 * first. A chain, not a set: each page keeps its own view, so asking twice answers the same.
 */
export interface PageTrail {
  itemsKey: string;
  firstPageKey?: string | undefined;
  asked?: AskedUrl | undefined;
}

interface AskedUrl {
  url: string;
  before?: AskedUrl | undefined;
}

/** Fetches the page a request names, given the trail of the page that names it. */
export type PageRequestFetcher<Item> = (
  request: PageRequest,
  trail: PageTrail,
) => Promise<WithResponse<Page<Item>>>;

/** A page of an offset, page-number or next-link list (`spec.style`). */
export class Page<Item> extends BasePage<Item> {
  readonly data: Item[];
  /** The whole body as received (for a list that is an array: the array). */
  readonly body: unknown;

  constructor(
    spec: PageSpec,
    /** The query parameters this page was asked with (none when it was asked by URL). */
    params: Record<string, unknown>,
    private readonly fetchPage: PageRequestFetcher<Item>,
    body: unknown,
    headers: Headers,
    /** The URL this page was asked at, without a query key (a next link is resolved against it). */
    private readonly url: string,
    /** What the walk saw before this page (none for the first page). */
    trail?: PageTrail,
  ) {
    super();
    this.body = body;
    const items = valueAt(body, spec.items);
    const data = Array.isArray(items) ? (items as Item[]) : [];
    this.itemsKey = JSON.stringify(data);
    const byLinks = spec.style === 'link' || spec.linkHeader !== undefined;
    const request = nextPageRequest(spec, params, body, data.length, headers);
    const next = this.nextUrl(request);
    // With its next link: two pages of a list may hold the same items, but not lead on alike too.
    const pageKey = byLinks ? `${this.itemsKey}\n${next ?? ''}` : undefined;
    // The same items as the page before (the server ignored the offset or page number, or its link
    // named the same page), or the first page again (a link back to it, written another way than
    // the parameters it was asked with): the end of the list, with nothing new, not a loop.
    const repeated =
      data.length > 0 &&
      trail !== undefined &&
      (this.itemsKey === trail.itemsKey || (pageKey !== undefined && pageKey === trail.firstPageKey));
    this.data = repeated ? [] : data;
    this.firstPageKey = trail ? trail.firstPageKey : pageKey;
    this.asked = byLinks ? { url: withoutFragment(url), before: trail?.asked } : undefined;
    // A next link to a page this walk has already asked for (A → B → C → B) ends the list too:
    // following it would loop. Offsets and page numbers only move forward, so only links can lead back.
    let leadsBack = false;
    for (let asked = this.asked; next && asked && !leadsBack; asked = asked.before)
      leadsBack = asked.url === next;
    this.next = repeated || leadsBack ? null : request;
  }

  private readonly itemsKey: string;
  private readonly firstPageKey: string | undefined;
  private readonly asked: AskedUrl | undefined;
  private readonly next: PageRequest | null;

  /** How the next page is asked for, or null on the last page: a copy, so what a caller does with it does not change this page's. */
  nextPageRequest(): PageRequest | null {
    return this.next && structuredClone(this.next);
  }

  /** A next link resolved against this page (undefined for parameters, or no URL: fetching it says so). */
  private nextUrl(request: PageRequest | null): string | undefined {
    if (!request || !('url' in request)) return undefined;
    try {
      return withoutFragment(new URL(request.url, this.url).href);
    } catch {
      return undefined;
    }
  }

  hasNextPage(): boolean {
    return this.next !== null;
  }

  async getNextPage(): Promise<Page<Item>> {
    const request = this.next;
    if (!request) throw new ClientError('No next page: this is the last one.');
    return (
      await this.fetchPage(request, {
        itemsKey: this.itemsKey,
        firstPageKey: this.firstPageKey,
        asked: this.asked,
      })
    ).data;
  }
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/**
 * The next page's request by the spec's style, or null when this page is the last: an empty page
 * always is; offset also once the total is reached, when the body says it; URLs when none is
 * given. A page shorter than the size asked is not the end: a server may cap the size (GitHub's
 * `per_page` at 100), and a total, when given, decides.
 */
export function nextPageRequest(
  spec: PageSpec,
  params: Record<string, unknown>,
  body: unknown,
  received: number,
  headers: Headers,
): PageRequest | null {
  if (received === 0) return null;
  const nextUrl = (): PageRequest | null => {
    const url = spec.nextField
      ? valueAt(body, spec.nextField)
      : spec.linkHeader
        ? parseLinkHeader(headers.get(spec.linkHeader) ?? '').find((link) => link.rel.includes('next'))?.uri
        : undefined;
    return typeof url === 'string' && url !== '' ? { url } : null;
  };
  if (spec.style === 'link' || spec.linkHeader) return nextUrl();
  const asked = (param: string | undefined, fallback: number | undefined) => {
    const value = param === undefined ? undefined : Number(ownValue(params, param) ?? fallback);
    return value !== undefined && Number.isFinite(value) ? value : undefined;
  };
  if (spec.style === 'offset') {
    const next = (asked(spec.offsetParam, 0) ?? 0) + received;
    const total = spec.totalField ? valueAt(body, spec.totalField) : undefined;
    if (typeof total === 'number' && next >= total) return null;
    return { params: { ...params, [spec.offsetParam!]: next } };
  }
  return { params: { ...params, [spec.pageParam!]: (asked(spec.pageParam, spec.firstPage ?? 1) ?? 1) + 1 } };
}

function valueAt(body: unknown, path: string[]): unknown {
  let value = body;
  for (const key of path)
    value =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  return value;
}

/** One link of an RFC 8288 `Link` header: its target and relation types (lower-cased). */
export interface WebLink {
  uri: string;
  rel: string[];
  params: Record<string, string>;
}

/**
 * An RFC 8288 `Link` header's links, in order: `<uri>` then `; name=value` parameters (tokens or
 * quoted strings with backslash escapes, so commas and semicolons inside quotes do not split).
 * A malformed link is skipped up to the next comma outside quotes; `rel` may name several types.
 */
export function parseLinkHeader(header: string): WebLink[] {
  const links: WebLink[] = [];
  let at = 0;
  const skip = (pattern: RegExp) => {
    while (at < header.length && pattern.test(header[at]!)) at += 1;
  };
  const toComma = () => {
    let quoted = false;
    for (; at < header.length; at += 1) {
      const char = header[at];
      if (quoted && char === '\\') at += 1;
      else if (char === '"') quoted = !quoted;
      else if (char === ',' && !quoted) return;
    }
  };
  while (at < header.length) {
    skip(/[\s,]/);
    if (at >= header.length) break;
    if (header[at] !== '<') {
      toComma();
      continue;
    }
    const end = header.indexOf('>', at);
    if (end < 0) break;
    const link: WebLink = { uri: header.slice(at + 1, end).trim(), rel: [], params: {} };
    at = end + 1;
    for (;;) {
      skip(/[ \t]/);
      if (header[at] !== ';') break;
      at += 1;
      skip(/[ \t]/);
      const name = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(header.slice(at))?.[0];
      if (!name) break;
      at += name.length;
      skip(/[ \t]/);
      let value = '';
      if (header[at] === '=') {
        at += 1;
        skip(/[ \t]/);
        if (header[at] === '"') {
          for (at += 1; at < header.length && header[at] !== '"'; at += 1)
            value += header[at] === '\\' ? (header[++at] ?? '') : header[at];
          at += 1;
        } else {
          value = /^[^,;\s]*/.exec(header.slice(at))![0];
          at += value.length;
        }
      }
      const key = name.toLowerCase();
      // RFC 8288 §3: a parameter after its first occurrence is ignored.
      if (!Object.hasOwn(link.params, key)) link.params[key] = value;
    }
    link.rel = (link.params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push(link);
    toComma();
  }
  return links;
}
