/**
 * List paging in the IR (core/ir-pagination.ts): which operations of the public specs page and by
 * which style (Scalar Galaxy: offset; Train Travel: the next URL in `links.next`; GitHub: page
 * numbers, with the Link header where declared, and the Link header alone on bare arrays), that
 * non-lists get none, the page class each style gets in both SDKs (sdk-shape/paging.ts), and
 * `x-pagination`: it wins over detection, and whatever it names that does not exist stops
 * generation with file:line:col and pointer. Also the RFC 8288 Link header parser of both
 * runtimes' TypeScript twin. Writes temporary files; starts no process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../../../generators/core/build-ir.js';
import type { Ir, IrPagination } from '../../../../generators/core/ir.js';
import { loadDocument } from '../../../../generators/core/load.js';
import {
  nextPageRequest,
  parseLinkHeader,
} from '../../../../generators/plugins/client/runtime/pagination.js';
import { pageClasses, wirePaging } from '../../../../generators/sdk-shape/index.js';
import { scratchFolders } from '../../../support/scratch.js';

const scratch = scratchFolders();

const irOf = async (spec: string) => buildIr(await loadDocument(spec));
const GALAXY = 'node_modules/@scalar/galaxy/dist/latest.yaml';
const TRAIN_TRAVEL = 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml';
const GITHUB = 'node_modules/@octokit/openapi/generated/api.github.com.json';

/** Each operation's paging without its item schema, by "METHOD path". */
function paging(ir: Ir): Record<string, Omit<IrPagination, 'itemSchema'> | undefined> {
  return Object.fromEntries(
    ir.operations.map((operation) => {
      if (!operation.pagination) return [`${operation.method.toUpperCase()} ${operation.path}`, undefined];
      const { itemSchema: _itemSchema, ...rest } = operation.pagination;
      return [`${operation.method.toUpperCase()} ${operation.path}`, rest];
    }),
  );
}

describe('paging detected on public specs', () => {
  it('Scalar Galaxy: GET /planets pages by offset and limit up to meta.total; nothing else pages', async () => {
    const found = paging(await irOf(GALAXY));
    expect(found['GET /planets']).toEqual({
      style: 'offset',
      items: ['data'],
      offsetParam: 'offset',
      limitParam: 'limit',
      defaultLimit: 10,
      totalField: ['meta', 'total'],
    });
    expect(
      Object.entries(found)
        .filter(([, each]) => each)
        .map(([key]) => key),
    ).toEqual(['GET /planets']);
  });

  it("Train Travel: the three collections page by the body's links.next; the booking and the writes do not", async () => {
    const found = paging(await irOf(TRAIN_TRAVEL));
    for (const list of ['GET /stations', 'GET /trips', 'GET /bookings'])
      expect(found[list], list).toEqual({
        style: 'link',
        items: ['data'],
        next: { in: 'body', field: ['links', 'next'] },
      });
    expect(
      Object.entries(found)
        .filter(([, each]) => !each)
        .map(([key]) => key),
    ).toEqual([
      'POST /bookings',
      'GET /bookings/{bookingId}',
      'DELETE /bookings/{bookingId}',
      'POST /bookings/{bookingId}/payment',
    ]);
  });

  it('GitHub: page numbers (with the Link header where the response declares it), the Link header alone only on bare arrays', async () => {
    const ir = await irOf(GITHUB);
    const found = paging(ir);
    const count = (test: (each: Omit<IrPagination, 'itemSchema'>) => boolean) =>
      Object.values(found).filter((each) => each && test(each)).length;
    expect(count((each) => each.style === 'page' && 'linkHeader' in each)).toBe(173);
    expect(count((each) => each.style === 'page' && !('linkHeader' in each))).toBe(68);
    expect(count((each) => each.style === 'link')).toBe(14);
    expect(count(() => true)).toBe(255);
    expect(found['GET /repos/{owner}/{repo}/issues']).toEqual({
      style: 'page',
      items: [],
      pageParam: 'page',
      firstPage: 1,
      sizeParam: 'per_page',
      defaultSize: 30,
      linkHeader: 'Link',
    });
    expect(found['GET /repos/{owner}/{repo}/actions/runs']).toMatchObject({
      style: 'page',
      items: ['workflow_runs'],
      linkHeader: 'Link',
    });
    expect(found['GET /organizations']).toEqual({
      style: 'link',
      items: [],
      next: { in: 'header', header: 'Link' },
    });
    // One resource with one array property and a Link header is not a list (a wrong guess is worse than none).
    expect(found['GET /orgs/{org}/actions/hosted-runners/{hosted_runner_id}']).toBeUndefined();
    // Two arrays in the body: which one pages cannot be told.
    expect(found['GET /repos/{owner}/{repo}/compare/{basehead}']).toBeUndefined();
    for (const key of [
      'GET /repos/{owner}/{repo}',
      'GET /user',
      'POST /repos/{owner}/{repo}/issues',
      'GET /repos/{owner}/{repo}/issues/{issue_number}',
    ])
      expect(found[key], key).toBeUndefined();
    expect(ir.operations.filter((operation) => operation.pagination && operation.method !== 'get')).toEqual(
      [],
    );
  }, 60_000);

  it('our own spec keeps its cursor envelope, and only there the cursor page', async () => {
    const ir = await irOf('spec/openapi.yaml');
    const lists = ir.operations.filter((operation) => operation.pagination);
    expect(lists.length).toBeGreaterThan(0);
    for (const operation of lists) {
      expect(operation.pagination).toMatchObject({
        style: 'cursor',
        dataField: 'data',
        hasMoreField: 'has_more',
        nextCursorField: 'next_cursor',
        forwardParam: 'starting_after',
      });
      expect(pageClasses(operation.pagination!)).toEqual({
        typescript: 'CursorPage',
        python: { sync: 'SyncCursorPage', async: 'AsyncCursorPage', paginator: 'AsyncPaginator' },
      });
      expect(wirePaging(operation.pagination!)).not.toHaveProperty('style');
    }
  });

  it('the paging fixture: one style per list, the declared one as declared, the item resource none', async () => {
    const ir = await irOf('test/fixtures/specs/paging-3.1.yaml');
    const found = paging(ir);
    expect(found).toEqual({
      'GET /offset-items': {
        style: 'offset',
        items: ['data'],
        offsetParam: 'offset',
        limitParam: 'limit',
        defaultLimit: 3,
        totalField: ['meta', 'total'],
      },
      'GET /page-items': {
        style: 'page',
        items: [],
        pageParam: 'page',
        firstPage: 1,
        sizeParam: 'per_page',
        defaultSize: 30,
      },
      'GET /linked-pages': {
        style: 'page',
        items: [],
        pageParam: 'page',
        firstPage: 1,
        sizeParam: 'per_page',
        defaultSize: 30,
        linkHeader: 'Link',
      },
      'GET /link-items': { style: 'link', items: ['data'], next: { in: 'body', field: ['links', 'next'] } },
      'GET /declared-items': {
        style: 'offset',
        items: ['results'],
        offsetParam: 'skip',
        limitParam: 'top',
        totalField: ['count'],
      },
      'GET /things/{id}': undefined,
    });
    for (const operation of ir.operations.filter((each) => each.pagination))
      expect(pageClasses(operation.pagination!).python).toEqual({
        sync: 'SyncPage',
        async: 'AsyncPage',
        paginator: 'AsyncPagePaginator',
      });
  });
});

/** A one-operation spec whose GET /items answers `{ results: [...], count, next_token }` and takes the given x-pagination. */
function specWith(xPagination: string, method = 'get'): string {
  const folder = scratch.make('paging-');
  const file = path.join(folder, 'spec.yaml');
  writeFileSync(
    file,
    [
      'openapi: 3.1.0',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /items:',
      `    ${method}:`,
      `      x-pagination: ${xPagination}`,
      '      parameters:',
      '        - {name: skip, in: query, schema: {type: integer}}',
      '        - {name: top, in: query, schema: {type: integer}}',
      '        - {name: token, in: query, schema: {type: string}}',
      '      responses:',
      "        '200':",
      '          description: OK',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties:',
      '                  results: {type: array, items: {type: string}}',
      '                  count: {type: integer}',
      '                  next_token: {type: string}',
      '',
    ].join('\n'),
  );
  return file;
}

describe('x-pagination', () => {
  it('declares what detection cannot see, and false turns detection off', async () => {
    const declared = await irOf(
      specWith('{style: offset, items: results, offsetParam: skip, limitParam: top, total: count}'),
    );
    expect(paging(declared)['GET /items']).toEqual({
      style: 'offset',
      items: ['results'],
      offsetParam: 'skip',
      limitParam: 'top',
      totalField: ['count'],
    });
    const link = await irOf(specWith('{style: link, next: header}'));
    expect(paging(link)['GET /items']).toEqual({
      style: 'link',
      items: ['results'],
      next: { in: 'header', header: 'Link' },
    });
    const cursor = await irOf(
      specWith('{style: cursor, cursorParam: token, nextCursor: next_token, hasMore: count}'),
    ).catch((error: unknown) => error);
    expect(String(cursor)).toMatch(
      /hasMore: "count" in the 200 response's JSON body is not a boolean \(at #\/paths\/~1items\/get\/x-pagination\/hasMore\)/,
    );
    expect(paging(await irOf(GALAXY))['GET /planets']?.style).toBe('offset');
  });

  it.each([
    {
      given: '{style: offset, items: results, offsetParam: from, limitParam: top}',
      line: '6:66',
      pointer: '/x-pagination/offsetParam',
      reason: 'offsetParam: the operation has no query parameter "from"',
    },
    {
      given: '{style: offset, items: results, limitParam: top}',
      line: '6:21',
      pointer: '/x-pagination',
      reason: 'offsetParam defaults to "offset", but the operation has no query parameter "offset"',
    },
    {
      given: '{style: offset, items: data, offsetParam: skip, limitParam: top}',
      line: '6:44',
      pointer: '/x-pagination/items',
      reason: `items: the 200 response's JSON body has no property "data"`,
    },
    {
      given: '{style: offset, items: count, offsetParam: skip, limitParam: top}',
      line: '6:44',
      pointer: '/x-pagination/items',
      reason: `items: "count" in the 200 response's JSON body is not an array`,
    },
    {
      given: '{style: offset, items: results, offsetParam: token, limitParam: top}',
      line: '6:66',
      pointer: '/x-pagination/offsetParam',
      reason: 'offsetParam: query parameter "token" is not an integer',
    },
    {
      given: '{style: link, items: results, next: links.next}',
      line: '6:57',
      pointer: '/x-pagination/next',
      reason: `next: the 200 response's JSON body has no property "links.next"`,
    },
    {
      given: '{style: pages}',
      line: '6:29',
      pointer: '/x-pagination/style',
      reason: 'x-pagination style must be one of cursor, offset, page, link; got "pages"',
    },
    {
      given: '{style: page, offsetParam: skip}',
      line: '6:48',
      pointer: '/x-pagination/offsetParam',
      reason: 'x-pagination style page takes no "offsetParam" (it takes items, pageParam, sizeParam, next)',
    },
    {
      given: 'yes',
      line: '6:21',
      pointer: '/x-pagination',
      reason: 'x-pagination must be an object (or false, for a list that does not page)',
    },
  ])('refuses $given with file:line:col and pointer', async ({ given, line, pointer, reason }) => {
    const file = specWith(given);
    await expect(irOf(file)).rejects.toThrow(`${file}:${line}: ${reason} (at #/paths/~1items/get${pointer})`);
  });

  it('refuses paging on an operation that is not a GET, never downgrading silently', async () => {
    const file = specWith('{style: offset, items: results, offsetParam: skip, limitParam: top}', 'post');
    await expect(irOf(file)).rejects.toThrow(
      /x-pagination on a POST: only a GET list is paged .* \(at #\/paths\/~1items\/post\/x-pagination\)/,
    );
  });
});

/** The next-page cases both runtimes must agree on (the Python SDK's run is in test/e2e/generators/sdk-shape/paging.test.ts). */
const NEXT_PAGE_CASES: Array<{
  name: string;
  spec: { items: string[] };
  params: Record<string, unknown>;
  body: unknown;
  want: unknown;
}> = JSON.parse(readFileSync('test/fixtures/paging/next-page-cases.json', 'utf8'));

describe('the next page, by style (the runtime both SDKs follow)', () => {
  const none = new Headers();
  it.each(NEXT_PAGE_CASES)('$name', ({ spec, params, body, want }) => {
    const received = Array.isArray(body) ? body.length : (body as unknown as { data: unknown[] }).data.length;
    expect(
      nextPageRequest({ ...spec, items: [...spec.items] } as never, params, body, received, none),
    ).toEqual(want);
  });

  it('a declared Link header gives the next page, and its absence ends the list', () => {
    const spec = { style: 'page' as const, items: [], pageParam: 'page', linkHeader: 'Link' };
    expect(
      nextPageRequest(spec, {}, [1], 1, new Headers({ link: '<https://api.example/x?page=2>; rel="next"' })),
    ).toEqual({ url: 'https://api.example/x?page=2' });
    expect(
      nextPageRequest(spec, {}, [1], 1, new Headers({ link: '<https://api.example/x?page=1>; rel="prev"' })),
    ).toBeNull();
    expect(nextPageRequest(spec, {}, [1], 1, none)).toBeNull();
  });
});

describe('the RFC 8288 Link header parser', () => {
  it("reads GitHub's links, in order", () => {
    const header =
      '<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"';
    expect(parseLinkHeader(header).map((link) => [link.uri, link.rel])).toEqual([
      ['https://api.github.com/repositories/1/issues?page=2', ['next']],
      ['https://api.github.com/repositories/1/issues?page=5', ['last']],
    ]);
  });

  it('keeps commas and semicolons inside quoted parameters, unescapes them, and reads several relation types', () => {
    const header =
      '<https://a.example/1>; title="one, two; three"; rel="prev first", </2>;rel=NEXT;title="a \\"quoted\\" title"';
    expect(parseLinkHeader(header)).toEqual([
      {
        uri: 'https://a.example/1',
        rel: ['prev', 'first'],
        params: { title: 'one, two; three', rel: 'prev first' },
      },
      { uri: '/2', rel: ['next'], params: { rel: 'NEXT', title: 'a "quoted" title' } },
    ]);
  });

  it('skips a malformed link, keeps the first of a repeated parameter, and reads an empty header as no links', () => {
    expect(parseLinkHeader('garbage; rel="next", <https://b.example/2>; rel="next"; rel="prev"')).toEqual([
      { uri: 'https://b.example/2', rel: ['next'], params: { rel: 'next' } },
    ]);
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader('<https://c.example/3>')).toEqual([
      { uri: 'https://c.example/3', rel: [], params: {} },
    ]);
  });
});
