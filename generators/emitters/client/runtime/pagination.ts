/**
 * Cursor paging over the list envelope (`data`, `has_more`, `next_cursor`, `previous_cursor`).
 * A page knows how it was asked for, so it can fetch its neighbours; iterating a page (or the
 * promise of one) walks every item of every following page in the paging direction.
 */
import { APIPromise, type WithResponse } from './api-promise.js';

export interface PaginationSpec {
  dataField: string;
  hasMoreField: string;
  nextCursorField: string;
  previousCursorField?: string;
  forwardParam: string;
  backwardParam?: string;
}

/** Fetches one page for the given query parameters. */
export type PageFetcher<Item> = (params: Record<string, unknown>) => Promise<WithResponse<CursorPage<Item>>>;

export type PagingDirection = 'forward' | 'backward';

export class CursorPage<Item> implements AsyncIterable<Item> {
  /** The items of this page, in list order. */
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
    this.body = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const data = this.body[spec.dataField];
    this.data = Array.isArray(data) ? (data as Item[]) : [];
    this.hasMore = this.body[spec.hasMoreField] === true;
    this.nextCursor = stringOrNull(this.body[spec.nextCursorField]);
    this.previousCursor = spec.previousCursorField ? stringOrNull(this.body[spec.previousCursorField]) : null;
    this.direction = spec.backwardParam && params[spec.backwardParam] !== undefined ? 'backward' : 'forward';
  }

  /** Whether a page follows this one in its paging direction. */
  hasNextPage(): boolean {
    return this.direction === 'forward' ? this.hasMore && this.nextCursor !== null : this.hasPreviousPage();
  }

  hasPreviousPage(): boolean {
    if (!this.spec.backwardParam || this.previousCursor === null) return false;
    return this.direction === 'backward' ? this.hasMore : true;
  }

  /** The page after this one (forward: `starting_after = next_cursor`). */
  async getNextPage(): Promise<CursorPage<Item>> {
    if (this.direction === 'backward') return this.getPreviousPage();
    if (!this.nextCursor) throw new Error('No next page: this is the last one (has_more is false).');
    return (await this.fetchPage(this.neighbourParams(this.spec.forwardParam, this.nextCursor))).data;
  }

  /** The page before this one (backward: `ending_before = previous_cursor`). */
  async getPreviousPage(): Promise<CursorPage<Item>> {
    if (!this.spec.backwardParam) throw new Error('This list cannot be paged backward.');
    if (!this.previousCursor) throw new Error('No previous page: this is the first one.');
    return (await this.fetchPage(this.neighbourParams(this.spec.backwardParam, this.previousCursor))).data;
  }

  private neighbourParams(param: string, cursor: string): Record<string, unknown> {
    const next: Record<string, unknown> = { ...this.params, [param]: cursor };
    for (const other of [this.spec.forwardParam, this.spec.backwardParam]) if (other && other !== param) delete next[other];
    return next;
  }

  /** This page and every following one in the paging direction. */
  async *iterPages(): AsyncGenerator<CursorPage<Item>> {
    let page: CursorPage<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** The promise of a first page that can also be iterated item by item with `for await`. */
export class PagePromise<Item> extends APIPromise<CursorPage<Item>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    const page = await this;
    yield* page;
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
