/**
 * Infinite queries over the client's own pages. A page of the generated client (`CursorPage` or
 * `Page`) knows how it was asked for and how the next one is (`hasNextPage()`, `getNextPage()`:
 * cursor, next link, page number or offset, whichever the spec names), so the page itself is the
 * `pageParam` of the page after it: the next-page rule is the client's, never worked out again here.
 *
 * Cancellation: a page's `getNextPage()` sends with the request options its walk started with, read
 * at each attempt. A walk keeps one options object, and each fetch sets the signal TanStack Query gave
 * it before asking for its page, so aborting `fetchNextPage` aborts that page's request too.
 */

/** What the infinite queries need of a client page. */
export interface ClientPage {
  hasNextPage(): boolean;
  getNextPage(): Promise<ClientPage>;
}

/** The request options a walk shares between its pages. */
export interface WalkOptions {
  signal?: AbortSignal | undefined;
}

const walks = new WeakMap<object, WalkOptions>();

/** The first page, asked for by the list method with the walk's options (`signal` as given). */
export async function firstPage<Page extends ClientPage>(
  list: (options: WalkOptions) => PromiseLike<Page>,
  signal: AbortSignal | undefined,
): Promise<Page> {
  const options: WalkOptions = { signal };
  const page = await list(options);
  walks.set(page, options);
  return page;
}

/** The page after `previous`, by the client's rule, its request aborted by `signal`. */
export async function pageAfter<Page extends ClientPage>(
  previous: Page,
  signal: AbortSignal | undefined,
): Promise<Page> {
  const options = walks.get(previous);
  if (options) options.signal = signal;
  const page = (await previous.getNextPage()) as Page;
  if (options) walks.set(page, options);
  return page;
}

/** `getNextPageParam`: the last page itself while the client says another follows, else the end. */
export function nextPageParam<Page extends ClientPage>(last: Page): Page | undefined {
  return last.hasNextPage() ? last : undefined;
}

/** The query function of an infinite query: the first page, or the page after the page param. */
export function pageQuery<Page extends ClientPage>(
  list: (options: WalkOptions) => PromiseLike<Page>,
): (context: { pageParam: Page | null; signal: AbortSignal }) => Promise<Page> {
  return ({ pageParam, signal }) => (pageParam ? pageAfter(pageParam, signal) : firstPage(list, signal));
}
