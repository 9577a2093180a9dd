/**
 * `paging-changed` (generators/breaking/paging.ts): a list's paging as the SDKs see it, compared
 * between two versions, on the paging fixture; and the packages' CHANGELOG advice that follows
 * from it. Starts no process.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { comparePaging } from '../../../../generators/breaking/paging.js';
import { releaseBetween } from '../../../../generators/changelog/release.js';
import { buildIr } from '../../../../generators/core/build-ir.js';
import { documentFrom } from '../../../../generators/core/load.js';

const SPEC = 'test/fixtures/specs/paging-3.1.yaml';

async function fixture() {
  return parse(await readFile(SPEC, 'utf8'));
}

describe('paging-changed', () => {
  it('flags a list that starts to page once an offset parameter is added: a wire change servers take, an SDK signature change', async () => {
    const released = await fixture();
    released.paths['/offset-items'].get.parameters = released.paths['/offset-items'].get.parameters.filter(
      (parameter: { name: string }) => parameter.name !== 'offset',
    );
    const current = buildIr(documentFrom(SPEC, await fixture()));
    const { findings } = comparePaging(documentFrom('released.yaml', released), current);
    expect(findings).toEqual([
      {
        rule: 'paging-changed',
        where: 'GET /offset-items',
        pointer: '/paths/~1offset-items/get',
        detail:
          'not paged → offset paging (items data, limitParam limit, offsetParam offset, totalField meta.total)',
      },
    ]);
    const release = releaseBetween('git:0123456789ab', documentFrom('released.yaml', released), current);
    expect(release.changes.map((change) => [change.rule, change.breaks])).toEqual(
      expect.arrayContaining([
        ['paging-changed', ['sdks']],
        ['request-parameter-optional-added', ['servers']],
      ]),
    );
    // Clients of the API are not broken (a minor bump), the SDKs' list method is (a major one).
    expect([release.advice, release.sdkAdvice]).toEqual(['minor', 'major']);
  });

  it('flags paging declared away (x-pagination: false) and a renamed size parameter, each by what the SDKs walk by', async () => {
    const current = await fixture();
    current.paths['/offset-items'].get['x-pagination'] = false;
    const pageItems = current.paths['/page-items'].get;
    pageItems.parameters = pageItems.parameters.map((parameter: { name: string }) =>
      parameter.name === 'per_page' ? { ...parameter, name: 'page_size' } : parameter,
    );
    const { findings } = comparePaging(
      documentFrom(SPEC, await fixture()),
      documentFrom('current.yaml', current),
    );
    expect(findings.map((finding) => `${finding.where}: ${finding.detail}`)).toEqual([
      'GET /offset-items: offset paging (items data, limitParam limit, offsetParam offset, totalField meta.total) → not paged',
      'GET /page-items: page paging (firstPage 1, items (the body), pageParam page, sizeParam per_page) → page paging (firstPage 1, items (the body), pageParam page, sizeParam page_size)',
    ]);
  });

  it('says nothing when only the items, the limits or the default size change (the schema and parameter rules say those)', async () => {
    const current = await fixture();
    const offsetItems = current.paths['/offset-items'].get;
    offsetItems.parameters[1].schema = { type: 'integer', minimum: 1, maximum: 50, default: 10 };
    offsetItems.responses['200'].content['application/json'].schema.properties.data.items = {
      type: 'string',
    };
    expect(comparePaging(documentFrom(SPEC, await fixture()), documentFrom('current.yaml', current))).toEqual(
      { findings: [] },
    );
  });

  it('names where a next link is read (the body or a header) and takes header names in any case', async () => {
    const current = await fixture();
    current.paths['/link-items'].get['x-pagination'] = { style: 'link', items: 'data', next: 'header' };
    const { findings } = comparePaging(
      documentFrom(SPEC, await fixture()),
      documentFrom('current.yaml', current),
    );
    expect(findings.map((finding) => finding.detail)).toEqual([
      "link paging (items data, next the body's links.next) → link paging (items data, next the link header)",
    ]);
    // The same header written in other letters is the same header.
    const shouting = await fixture();
    const headers = shouting.paths['/linked-pages'].get.responses['200'].headers;
    shouting.paths['/linked-pages'].get.responses['200'].headers = { LINK: headers.Link };
    expect(
      comparePaging(documentFrom(SPEC, await fixture()), documentFrom('shouting.yaml', shouting)).findings,
    ).toEqual([]);
  });

  it('says so when the released document does not build today, and still lets its wire be compared', async () => {
    const released = await fixture();
    released.paths['/offset-items'].get.parameters.push({
      name: 'filter',
      in: 'query',
      style: 'deepObject',
      explode: false,
      schema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    const result = comparePaging(
      documentFrom('released.yaml', released),
      buildIr(documentFrom(SPEC, await fixture())),
    );
    expect(result.findings).toEqual([]);
    expect(result.unchecked).toMatch(
      /^paging-changed was not checked: the released document does not build \(.*deepObject/,
    );
    const release = releaseBetween(
      'r',
      documentFrom('released.yaml', released),
      buildIr(documentFrom(SPEC, await fixture())),
    );
    expect(release.unchecked).toBe(result.unchecked);
    expect(release.changes.map((change) => change.rule)).toContain('request-parameter-removed');
  });
});
