/**
 * List paging over real HTTP, in both SDKs: the TypeScript client and the Python SDK (sync and
 * async) generated from test/fixtures/specs/paging-3.1.yaml (one list per paging style) walk a
 * loopback server's 7 items in pages of 3, each exactly once and in order: offset + limit (up to a
 * total), page numbers (a short page ends them), page numbers with an RFC 8288 Link header (quoted
 * parameters holding commas and semicolons, several links), the next page's URL in the body
 * (relative, resolved against the request), and an offset list declared with x-pagination. Every
 * request carries the key and the header parameter it was first given.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generators/pipeline.js';
import { startTestServer, type RecordedRequest, type TestServer } from '../../../support/http-server.js';
import { configWithoutRuntime } from '../../../support/pyright.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const SPEC = 'test/fixtures/specs/paging-3.1.yaml';
const KEY = 'sk_test_paging';
const ITEMS = Array.from({ length: 7 }, (_, index) => ({ id: `item-${index + 1}` }));
const IDS = ITEMS.map((item) => item.id);
/** Pages of a list that repeats items: the first and third pages are alike, yet both are pages of it. */
const REPEATING = [['item-1', 'item-1'], ['item-1', 'item-2'], ['item-1', 'item-1'], ['item-2']].map((page) =>
  page.map((id) => ({ id })),
);
const REPEATING_IDS = REPEATING.flat().map((item) => item.id);
const LISTS = ['offset_items', 'page_items', 'linked_pages', 'link_items', 'declared_items'];

let workDir: string;
let server: TestServer;

/** The fixture's API: every list serves ITEMS its own way. */
function serve(request: RecordedRequest, response: ServerResponse): void {
  const url = new URL(request.url, server.url);
  const number = (name: string, fallback: number) =>
    url.searchParams.has(name) ? Number(url.searchParams.get(name)) : fallback;
  const send = (body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  if (request.headers.authorization !== `Bearer ${KEY}`) {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"message":"no key"}');
    return;
  }
  switch (url.pathname) {
    case '/offset-items': {
      const offset = number('offset', 0);
      return send({ data: ITEMS.slice(offset, offset + number('limit', 3)), meta: { total: ITEMS.length } });
    }
    case '/page-items': {
      // `cap`: a server that answers at most this many per page, whatever was asked (GitHub caps per_page at 100).
      const size = Math.min(number('per_page', 30), number('cap', Infinity));
      // `repeating`: a list whose pages 1 and 3 hold the same items (a list of values repeats them).
      if (url.searchParams.has('repeating')) return send(REPEATING[number('page', 1) - 1] ?? []);
      // `stuck`: a server that ignores the page asked for and answers the first again.
      const page = url.searchParams.has('stuck') ? 1 : number('page', 1);
      return send(ITEMS.slice((page - 1) * size, page * size));
    }
    case '/linked-pages': {
      const page = number('page', 1);
      const size = number('per_page', 30);
      const at = (to: number) => `${server.url}/linked-pages?page=${to}&per_page=${size}`;
      const last = Math.ceil(ITEMS.length / size);
      const links = [`<${at(1)}>; rel="first"; title="one, two; three"`];
      if (page < last)
        links.push(`<${at(page + 1)}>; title="a \\"quoted\\" next"; rel="next"`, `<${at(last)}>; rel=last`);
      return send(ITEMS.slice((page - 1) * size, page * size), { link: links.join(', ') });
    }
    case '/link-items': {
      const after = number('after', 0);
      const size = number('size', 3);
      // `stuck`: a server whose next link names the page it is on; `elsewhere`: one whose next link is on another origin.
      const elsewhere = url.searchParams.get('elsewhere');
      if (elsewhere)
        return send({ data: ITEMS.slice(0, size), links: { self: request.url, next: elsewhere } });
      if (url.searchParams.has('repeating')) {
        const at = number('at', 0);
        return send({
          data: REPEATING[at],
          links: { next: at + 1 < REPEATING.length ? `link-items?at=${at + 1}&repeating=1` : null },
        });
      }
      // `cycle=first`: the second page links back to the first (in another form than the client
      // asked it); `cycle=back`: the last page links back to the second, as it was linked before.
      const cycle = url.searchParams.get('cycle');
      const linkTo = (at: number) => `link-items?after=${at}&size=${size}${cycle ? `&cycle=${cycle}` : ''}`;
      let next = url.searchParams.has('stuck')
        ? `link-items?size=${size}&stuck=1`
        : after + size < ITEMS.length
          ? linkTo(after + size)
          : null;
      if (cycle === 'first' && after === size) next = `link-items?after=0&size=${size}&cycle=first&again=1`;
      if (cycle === 'back' && next === null) next = linkTo(size);
      return send({ data: ITEMS.slice(after, after + size), links: { self: request.url, next } });
    }
    case '/declared-items': {
      const skip = number('skip', 0);
      return send({ results: ITEMS.slice(skip, skip + number('top', 3)), count: ITEMS.length, tags: ['x'] });
    }
  }
  response.writeHead(404);
  response.end();
}

/** Each list's requests in order, as path and query (its parameters sorted by name). */
function requestsOf(requests: RecordedRequest[], pathname: string): string[] {
  return requests
    .map((request) => new URL(request.url, 'http://x'))
    .filter((url) => url.pathname === pathname)
    .map((url) => {
      url.searchParams.sort();
      return `${url.pathname}${url.search}`;
    });
}

const WANT_REQUESTS = {
  '/offset-items': [
    '/offset-items?limit=3',
    '/offset-items?limit=3&offset=3',
    '/offset-items?limit=3&offset=6',
  ],
  // No total and no link: a short page is not the end (a server may cap the size), an empty one is.
  '/page-items': [
    '/page-items?per_page=3',
    '/page-items?page=2&per_page=3',
    '/page-items?page=3&per_page=3',
    '/page-items?page=4&per_page=3',
  ],
  '/linked-pages': [
    '/linked-pages?per_page=3',
    '/linked-pages?page=2&per_page=3',
    '/linked-pages?page=3&per_page=3',
  ],
  '/link-items': ['/link-items?size=3', '/link-items?after=3&size=3', '/link-items?after=6&size=3'],
  '/declared-items': [
    '/declared-items?top=3',
    '/declared-items?skip=3&top=3',
    '/declared-items?skip=6&top=3',
  ],
};

beforeAll(async () => {
  await mkdir(path.resolve('.cache'), { recursive: true });
  workDir = await mkdtemp(path.resolve('.cache', 'sdk-paging-'));
  await generate({
    spec: SPEC,
    out: workDir,
    command: 'test',
    write: true,
    skip: ['sdks', 'server', 'contract-tests', 'mock-document', 'contract-document'],
    log: () => {},
  });
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The generated TypeScript client, on the loopback server. */
async function typescriptClient() {
  const sdk = await import(path.join(workDir, 'client', 'src', 'index.ts'));
  return { sdk, client: new sdk.PagingFixtureClient({ apiKey: KEY, baseURL: server.url, maxRetries: 0 }) };
}

/** Every item's ID, in the order a `for await` walk gives them. */
async function walk(page: AsyncIterable<{ id: string }>): Promise<string[]> {
  const seen: string[] = [];
  for await (const item of page) seen.push(item.id);
  return seen;
}

/**
 * Runs Python lines with the generated SDK importable, `KEY`, `URL` and a sync `client` made, and
 * `AsyncPagingFixture` and `ClientError` imported; returns the JSON its last line printed.
 */
async function pythonResult(lines: string[]): Promise<unknown> {
  const script = [
    'import asyncio, json, sys',
    `sys.path.insert(0, ${JSON.stringify(path.join(workDir, 'python'))})`,
    'from paging_fixture import AsyncPagingFixture, ClientError, PagingFixture',
    `KEY, URL = ${JSON.stringify(KEY)}, ${JSON.stringify(server.url)}`,
    'client = PagingFixture(api_key=KEY, base_url=URL, max_retries=0)',
    ...lines,
  ].join('\n');
  const result = await run(PYTHON, ['-S', '-E', '-B', '-c', script]);
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.output.trim().split('\n').at(-1)!);
}

function expectEveryListWalked(
  requests: RecordedRequest[],
  repeats = 1,
  only: string[] = Object.keys(WANT_REQUESTS),
): void {
  for (const [pathname, want] of Object.entries(WANT_REQUESTS).filter(([each]) => only.includes(each)))
    expect(requestsOf(requests, pathname), pathname).toEqual(
      Array.from({ length: repeats }, () => want).flat(),
    );
  for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
  // Pages are asked for as JSON, also where the spec lists another media type first (/offset-items: XML; the IR puts JSON first).
  for (const request of requests) expect(request.headers.accept, request.url).toBe('application/json');
  for (const request of requests.filter((each) => each.url.startsWith('/linked-pages')))
    expect(request.headers['x-api-version']).toBe('2024-01-01');
}

describe('a server that repeats a page ends the list instead of looping', () => {
  it('both SDKs: a page number the server ignores, a next link that names its own page', async () => {
    server.script(serve);
    const { client } = await typescriptClient();
    expect(await walk(client.pageItems.list({ per_page: 3 }, { query: { stuck: 1 } }))).toEqual(
      IDS.slice(0, 3),
    );
    expect(await walk(client.linkItems.list({ size: 3 }, { query: { stuck: 1 } }))).toEqual(IDS.slice(0, 3));
    // A page shorter than the size asked is not the end: this server caps 5 to 3.
    expect(await walk(client.pageItems.list({ per_page: 5 }, { query: { cap: 3 } }))).toEqual(IDS);
    const walks = await pythonResult([
      'pages = [item["id"] for item in client.page_items.list(per_page=3, extra_query={"stuck": 1})]',
      'links = [item["id"] for item in client.link_items.list(size=3, extra_query={"stuck": 1})]',
      'capped = [item["id"] for item in client.page_items.list(per_page=5, extra_query={"cap": 3})]',
      'print(json.dumps([pages, links, capped]))',
    ]);
    expect(walks).toEqual([IDS.slice(0, 3), IDS.slice(0, 3), IDS]);
    // The stuck page-number list: the first page, then the repeat that ends it, nothing more, in
    // either SDK; the stuck link names the URL just asked, so it is not followed at all; the capped
    // list: pages 1 to 3 (3, 3, 1 items) and the empty page 4, in each SDK.
    expect(
      server.requests.filter(
        (request) => request.url.startsWith('/page-items') && request.url.includes('stuck'),
      ),
    ).toHaveLength(4);
    const capped = [
      '/page-items?cap=3&per_page=5',
      '/page-items?cap=3&page=2&per_page=5',
      '/page-items?cap=3&page=3&per_page=5',
      '/page-items?cap=3&page=4&per_page=5',
    ];
    expect(requestsOf(server.requests, '/page-items').filter((request) => request.includes('cap'))).toEqual([
      ...capped,
      ...capped,
    ]);
    expect(requestsOf(server.requests, '/link-items')).toEqual([
      '/link-items?size=3&stuck=1',
      '/link-items?size=3&stuck=1',
    ]);
  }, 60_000);

  it('both SDKs: a list whose pages repeat items of earlier pages is walked to its end (not taken for a loop)', async () => {
    server.script(serve);
    const { client } = await typescriptClient();
    expect(await walk(client.pageItems.list({ per_page: 2 }, { query: { repeating: 1 } }))).toEqual(
      REPEATING_IDS,
    );
    expect(await walk(client.linkItems.list({}, { query: { repeating: 1 } }))).toEqual(REPEATING_IDS);
    const walks = await pythonResult([
      'walks = [[item["id"] for item in client.page_items.list(per_page=2, extra_query={"repeating": 1})], [item["id"] for item in client.link_items.list(extra_query={"repeating": 1})]]',
      'async def walk_async():',
      '    async with AsyncPagingFixture(api_key=KEY, base_url=URL, max_retries=0) as aclient:',
      '        return [item["id"] async for item in aclient.link_items.list(extra_query={"repeating": 1})]',
      'walks.append(asyncio.run(walk_async()))',
      'print(json.dumps(walks))',
    ]);
    expect(walks).toEqual([REPEATING_IDS, REPEATING_IDS, REPEATING_IDS]);
  }, 60_000);

  it('both SDKs: next links that lead back to a page already walked (A → B → A, A → B → C → B)', async () => {
    server.script(serve);
    const { client } = await typescriptClient();
    expect(await walk(client.linkItems.list({ size: 3 }, { query: { cycle: 'first' } }))).toEqual(
      IDS.slice(0, 6),
    );
    expect(await walk(client.linkItems.list({ size: 3 }, { query: { cycle: 'back' } }))).toEqual(IDS);
    const walks = await pythonResult([
      'walks = [[item["id"] for item in client.link_items.list(size=3, extra_query={"cycle": cycle})] for cycle in ("first", "back")]',
      'async def walk_async(cycle):',
      '    async with AsyncPagingFixture(api_key=KEY, base_url=URL, max_retries=0) as aclient:',
      '        return [item["id"] async for item in aclient.link_items.list(size=3, extra_query={"cycle": cycle})]',
      'walks += [asyncio.run(walk_async(cycle)) for cycle in ("first", "back")]',
      'print(json.dumps(walks))',
    ]);
    expect(walks).toEqual([IDS.slice(0, 6), IDS, IDS.slice(0, 6), IDS]);
    // Each walk: A, B and the first page again (whose repeat ends it); or A, B, C and no second B.
    const first = [
      '/link-items?cycle=first&size=3',
      '/link-items?after=3&cycle=first&size=3',
      '/link-items?after=0&again=1&cycle=first&size=3',
    ];
    const back = [
      '/link-items?cycle=back&size=3',
      '/link-items?after=3&cycle=back&size=3',
      '/link-items?after=6&cycle=back&size=3',
    ];
    expect(requestsOf(server.requests, '/link-items')).toEqual([
      ...first,
      ...back,
      ...first,
      ...back,
      ...first,
      ...back,
    ]);
  }, 60_000);
});

describe("a next page's URL on another origin", () => {
  it('is refused by both SDKs before anything is sent there (it would carry the credentials)', async () => {
    server.script(serve);
    const other = await startTestServer();
    try {
      other.script((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"data": [], "links": {"next": null}}');
      });
      const elsewhere = `${other.url}/link-items?size=3`;
      const { client } = await typescriptClient();
      const seen: string[] = [];
      const walk = async () => {
        for await (const item of client.linkItems.list({ size: 3 }, { query: { elsewhere } }))
          seen.push(item.id);
      };
      await expect(walk()).rejects.toThrow(
        /next page's URL is on http:\/\/127\.0\.0\.1:\d+, not http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(seen).toEqual(IDS.slice(0, 3));
      const out = (await pythonResult([
        'seen = []',
        'try:',
        `    for item in client.link_items.list(size=3, extra_query={"elsewhere": ${JSON.stringify(elsewhere)}}):`,
        '        seen.append(item["id"])',
        '    print(json.dumps({"seen": seen, "error": None}))',
        'except ClientError as error:',
        '    print(json.dumps({"seen": seen, "error": str(error)}))',
      ])) as { seen: string[]; error: string | null };
      expect(out.seen).toEqual(IDS.slice(0, 3));
      expect(out.error).toMatch(
        /next page's URL is on http:\/\/127\.0\.0\.1:\d+, not http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('every paging style walks all 7 items exactly once, in order', () => {
  it('the TypeScript client: for await over the promise of a page, and page by page', async () => {
    server.script(serve);
    const { sdk, client } = await typescriptClient();
    const calls = {
      offset_items: () => client.offsetItems.list({ limit: 3 }),
      page_items: () => client.pageItems.list({ per_page: 3 }),
      linked_pages: () => client.linkedPages.list({ per_page: 3, 'X-Api-Version': '2024-01-01' }),
      link_items: () => client.linkItems.list({ size: 3 }),
      declared_items: () => client.declaredItems.list({ top: 3 }),
    };
    for (const name of LISTS) {
      const seen: string[] = [];
      for await (const item of calls[name as keyof typeof calls]()) seen.push(item.id);
      expect(seen, name).toEqual(IDS);
    }
    expectEveryListWalked(server.requests);

    server.script(serve);
    const first = await client.offsetItems.list({ limit: 3 });
    expect(first).toBeInstanceOf(sdk.Page);
    expect(first.data.map((item: { id: string }) => item.id)).toEqual(['item-1', 'item-2', 'item-3']);
    const sizes: number[] = [];
    for await (const page of first.iterPages()) sizes.push(page.data.length);
    expect(sizes).toEqual([3, 3, 1]);
    const last = await (await first.getNextPage()).getNextPage();
    expect(last.hasNextPage()).toBe(false);
    await expect(last.getNextPage()).rejects.toThrow(/No next page/);
  });

  it('the Python SDK, sync (for) and async (async for), pyright-clean', async () => {
    server.script(serve);
    const script = [
      'import asyncio, json, sys',
      `sys.path.insert(0, ${JSON.stringify(path.join(workDir, 'python'))})`,
      'from paging_fixture import AsyncPagingFixture, PagingFixture, SyncPage',
      `KEY, URL = ${JSON.stringify(KEY)}, ${JSON.stringify(server.url)}`,
      'def calls(client):',
      '    return {',
      '        "offset_items": lambda: client.offset_items.list(limit=3),',
      '        "page_items": lambda: client.page_items.list(per_page=3),',
      '        "linked_pages": lambda: client.linked_pages.list(per_page=3, x_api_version="2024-01-01"),',
      '        "link_items": lambda: client.link_items.list(size=3),',
      '        "declared_items": lambda: client.declared_items.list(top=3),',
      '    }',
      'client = PagingFixture(api_key=KEY, base_url=URL, max_retries=0)',
      'sync = {name: [item["id"] for item in call()] for name, call in calls(client).items()}',
      'first = client.offset_items.list(limit=3)',
      'assert isinstance(first, SyncPage), type(first)',
      'sizes = [len(page.data) for page in first.iter_pages()]',
      'last = first.get_next_page().next_page()',
      'async def walk():',
      '    async with AsyncPagingFixture(api_key=KEY, base_url=URL, max_retries=0) as aclient:',
      '        seen = {}',
      '        for name, call in calls(aclient).items():',
      '            seen[name] = [item["id"] async for item in call()]',
      '        page = await aclient.link_items.list(size=3)',
      '        pages = [len(each.data) async for each in page.iter_pages()]',
      '        return seen, pages',
      'seen, async_sizes = asyncio.run(walk())',
      'from paging_fixture._core import parse_link_header',
      `links = parse_link_header(${JSON.stringify('<https://a.example/1>; title="one, two; three"; rel="prev first", junk, </2>;rel=NEXT;title="a \\"quoted\\" title"; rel=prev')})`,
      'assert [(link.uri, link.rel, link.params.get("title")) for link in links] == [("https://a.example/1", ("prev", "first"), "one, two; three"), ("/2", ("next",), \'a "quoted" title\')], links',
      // The next-page cases the TypeScript runtime is held to (unit tier), through the Python runtime.
      'import re',
      'from paging_fixture._core._page_styles import PageSpec, next_page_request',
      `cases = json.load(open(${JSON.stringify(path.resolve('test/fixtures/paging/next-page-cases.json'))}))`,
      'snake = lambda name: re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)',
      'def python_next(case):',
      '    spec = PageSpec(**{snake(k): tuple(v) if isinstance(v, list) else v for k, v in case["spec"].items()})',
      '    body = case["body"]',
      '    items = body if isinstance(body, list) else body["data"]',
      '    found = next_page_request(spec, case["params"], body, len(items), None)',
      '    return None if found is None else ({"url": found.url} if found.url is not None else {"params": found.params})',
      'disagree = [case["name"] for case in cases if python_next(case) != case["want"]]',
      'print(json.dumps({"sync": sync, "async": seen, "sizes": sizes, "async_sizes": async_sizes, "last_has_next": last.has_next_page(), "disagree": disagree}))',
    ].join('\n');
    const result = await run(PYTHON, ['-S', '-E', '-B', '-c', script]);
    expect(result.code, result.output).toBe(0);
    const out = JSON.parse(result.output.trim().split('\n').at(-1)!);
    expect(out.sync).toEqual(Object.fromEntries(LISTS.map((name) => [name, IDS])));
    expect(out.async).toEqual(Object.fromEntries(LISTS.map((name) => [name, IDS])));
    expect(out.sizes).toEqual([3, 3, 1]);
    expect(out.async_sizes).toEqual([3, 3, 1]);
    expect(out.last_has_next).toBe(false);
    expect(out.disagree).toEqual([]);
    const requests = server.requests;
    // sync walk, then the offset list page by page (3 pages by iter_pages, 2 more by hand), then the async walk and the link list page by page.
    expectEveryListWalked(requests, 2, ['/linked-pages', '/page-items', '/declared-items']);
    expect(requestsOf(requests, '/offset-items')).toEqual([
      ...WANT_REQUESTS['/offset-items'],
      ...WANT_REQUESTS['/offset-items'],
      WANT_REQUESTS['/offset-items'][1],
      WANT_REQUESTS['/offset-items'][2],
      ...WANT_REQUESTS['/offset-items'],
    ]);
    expect(requestsOf(requests, '/link-items')).toEqual([
      ...WANT_REQUESTS['/link-items'],
      ...WANT_REQUESTS['/link-items'],
      ...WANT_REQUESTS['/link-items'],
    ]);

    const pyright = await run(path.resolve('node_modules/.bin/pyright'), [
      '--outputjson',
      '-p',
      await configWithoutRuntime(path.join(workDir, 'python')),
    ]);
    const summary = JSON.parse(pyright.output).summary;
    expect(summary.errorCount, pyright.output.slice(0, 4000)).toBe(0);
  }, 120_000);
});

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: { ...process.env, PYTHONIOENCODING: 'utf-8' }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
    );
  });
}
