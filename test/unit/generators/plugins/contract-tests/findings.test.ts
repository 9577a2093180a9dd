/**
 * The parts of the findings pipeline that need no target: how the Judge classes an answer from
 * evidence (what the spec documents, the spec's own invalid examples, a mock), how problems of one
 * root cause become one finding in the report, the report's text, JSON and GitHub annotations,
 * pointer -> line for YAML and JSON specs (checked against the yaml package). Parameters and bodies
 * on the wire are serialize.test.ts's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNode, LineCounter, parse as parseYaml, parseDocument, type Document } from 'yaml';
import { specLines } from '../../../../../generators/plugins/contract-tests/locations.js';
import type { Cases, OperationCase } from '../../../../../generators/plugins/contract-tests/runtime/cases.js';
import { failsRun, type Problem } from '../../../../../generators/plugins/contract-tests/runtime/findings.js';
import { Judge, mediaTypeMatches } from '../../../../../generators/plugins/contract-tests/runtime/judge.js';
import {
  buildReport,
  formatReport,
  CURL_PRINTED,
  githubAnnotations,
  workflowCommand,
  lineOf,
} from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import type { Sent } from '../../../../../generators/plugins/contract-tests/runtime/request.js';
import type { Target } from '../../../../../generators/plugins/contract-tests/runtime/target.js';
import { SpecValidator } from '../../../../../generators/plugins/contract-tests/runtime/validator.js';
import { scratchFolders } from '../../../../support/scratch.js';

const scratch = scratchFolders();

const ERROR = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };
const THING = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

function operation(
  responses: Record<string, { schema?: object; mediaTypes?: string[] }>,
  extra: Partial<OperationCase> = {},
): OperationCase {
  return {
    id: 'getThing',
    method: 'get',
    path: '/things/{id}',
    pointer: '/paths/~1things~1{id}/get',
    isPublic: false,
    scopes: [],
    pathParams: [{ name: 'id', example: 'x', producer: { operationId: 'createThing', field: 'id' } }],
    query: {},
    headers: {},
    parameters: [],
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        {
          requiredHeaders: [],
          mediaTypes: response.mediaTypes ?? (response.schema ? ['application/json'] : []),
          pointer: `/paths/~1things~1{id}/get/responses/${status}`,
          ...(response.schema ? { schema: response.schema } : {}),
        },
      ]),
    ),
    negative: [],
    generation: { query: [] },
    ...extra,
  };
}

function casesWith(operations: OperationCase[], examples: Cases['examples'] = []): Cases {
  return {
    specDigest: 'sha256:x',
    sharedSchema: { $id: 'spec-test.json' },
    operations,
    examples,
    resources: [],
    stateMachines: [],
    keyPrefixes: [],
    rateLimitHeaders: {},
    paths: [],
    locations: { file: 'spec.yaml', lines: {} },
  } as unknown as Cases;
}

const target = (mock = false): Target => ({
  name: 't',
  baseUrl: 'http://127.0.0.1:9',
  keys: [],
  stateful: !mock,
  semantic: !mock,
  mock,
  validates: true,
});
const answer = (status: number, body?: unknown, contentType = 'application/json'): Sent => ({
  status,
  headers: new Headers(body === undefined ? {} : { 'content-type': contentType }),
  body,
  text: body === undefined ? '' : JSON.stringify(body),
});

function judge(operations: OperationCase[], options: { mock?: boolean; examples?: Cases['examples'] } = {}) {
  const cases = casesWith(operations, options.examples);
  return new Judge({ cases, target: target(options.mock), validator: new SpecValidator(cases) });
}

describe('the Judge classes each problem from evidence', () => {
  const documented = operation({
    '200': { schema: THING },
    '400': { schema: ERROR },
    '404': { schema: ERROR },
  });

  it('a valid request refused: target; the same from a mock: mock', () => {
    expect(
      judge([documented])
        .judge(
          documented,
          answer(400, { error: 'no' }),
          { kind: 'success' },
          { check: 'positive_data_acceptance' },
        )
        .map((problem) => problem.class),
    ).toEqual(['target']);
    expect(
      judge([documented], { mock: true })
        .judge(
          documented,
          answer(400, { error: 'no' }),
          { kind: 'success' },
          { check: 'positive_data_acceptance' },
        )
        .map((problem) => problem.class),
    ).toEqual(['mock']);
  });

  it('no success documented at all: spec, whatever the target answers', () => {
    const noSuccess = operation({ '405': {} });
    const [problem] = judge([noSuccess]).judge(
      noSuccess,
      answer(405),
      { kind: 'success' },
      { check: 'positive_data_acceptance' },
    );
    expect(problem).toMatchObject({ class: 'spec', key: 'spec|no-success|getThing' });
  });

  it('an invalid request refused with an undocumented 4xx: spec when no refusal is documented anywhere, target when one is', () => {
    const bare = operation({ '200': { schema: THING } });
    const [spec] = judge([bare]).judge(
      bare,
      answer(422, { error: 'no' }),
      { kind: 'refusal' },
      { check: 'negative_data_rejection' },
    );
    expect(spec).toMatchObject({ class: 'spec', key: 'spec|no-validation-response|everywhere' });
    const [target] = judge([documented]).judge(
      documented,
      answer(422, { error: 'no' }),
      { kind: 'refusal' },
      { check: 'negative_data_rejection' },
    );
    expect(target).toMatchObject({ class: 'target', check: 'status_code_conformance' });
  });

  it('an invalid request accepted: target (negative_data_rejection); by a mock: mock', () => {
    expect(
      judge([documented]).judge(
        documented,
        answer(200, { id: 'a' }),
        { kind: 'refusal' },
        { check: 'negative_data_rejection' },
      )[0],
    ).toMatchObject({ class: 'target', check: 'negative_data_rejection' });
    expect(
      judge([documented], { mock: true }).judge(
        documented,
        answer(200, { id: 'a' }),
        { kind: 'refusal' },
        { check: 'negative_data_rejection' },
      )[0],
    ).toMatchObject({ class: 'mock' });
  });

  it("a body breaking its schema: the spec's when it is the spec's own invalid example, else the target's (or the mock's)", () => {
    const example = {
      where: 'getThing 200',
      pointer: '/components/examples/Thing/value',
      schema: THING,
      value: { name: 'no id' },
      part: 'response' as const,
    };
    const [fromExample] = judge([documented], { examples: [example], mock: true }).judge(
      documented,
      answer(200, { name: 'no id' }),
      { kind: 'success' },
      { check: 'positive_data_acceptance' },
    );
    expect(fromExample).toMatchObject({
      class: 'spec',
      pointer: '/components/examples/Thing/value',
      key: 'spec|invalid-example|/components/examples/Thing/value',
    });
    const [other] = judge([documented], { examples: [example] }).judge(
      documented,
      answer(200, { other: 1 }),
      { kind: 'success' },
      { check: 'positive_data_acceptance' },
    );
    expect(other).toMatchObject({ class: 'target', check: 'response_schema_conformance' });
  });

  it('Content-Type: a body of an undeclared media type is the target’s; a body where the spec declares none is the spec’s', () => {
    expect(
      judge([documented]).judge(
        documented,
        answer(200, { id: 'a' }, 'text/plain'),
        { kind: 'success' },
        { check: 'positive_data_acceptance' },
      )[0],
    ).toMatchObject({ class: 'target', check: 'content_type_conformance' });
    const noContent = operation({ '204': {} });
    expect(
      judge([noContent]).judge(
        noContent,
        answer(200, { id: 'a' }),
        { kind: 'documented' },
        { check: 'x' },
      )[0],
    ).toMatchObject({ class: 'target', check: 'status_code_conformance' });
    const emptyDeclared = operation({ '200': {} });
    expect(
      judge([emptyDeclared]).judge(
        emptyDeclared,
        answer(200, { id: 'a' }),
        { kind: 'success' },
        { check: 'x' },
      )[0],
    ).toMatchObject({ class: 'spec', check: 'content_type_conformance' });
  });

  it('reads media ranges and parameters the way RFC 9110 does', () => {
    expect(mediaTypeMatches('application/json', 'application/json; charset=utf-8')).toBe(true);
    expect(mediaTypeMatches('application/*', 'application/problem+json')).toBe(true);
    expect(mediaTypeMatches('*/*', 'image/png')).toBe(true);
    expect(mediaTypeMatches('application/json', 'application/problem+json')).toBe(false);
    expect(mediaTypeMatches('application/json', 'text/plain')).toBe(false);
  });
});

describe('the report', () => {
  const problem = (overrides: Partial<Problem>): Problem => ({
    class: 'target',
    check: 'unsupported_method',
    message: 'PUT /a: expected 405',
    pointer: '/paths/~1a',
    fix: 'Answer 405.',
    ...overrides,
  });
  const locations = { file: 'spec/openapi.yaml', lines: { '/paths/~1a': 12, '/paths/~1a/get': 13 } };

  it('makes one finding of one root cause, with its count, operations and the line of its pointer (or its nearest ancestor)', () => {
    const report = buildReport(
      [
        problem({ operation: 'PUT /a', key: 'k' }),
        problem({ operation: 'PATCH /a', key: 'k', message: 'PATCH /a: expected 405' }),
        problem({
          class: 'spec',
          check: 'example_validity',
          pointer: '/paths/~1a/get/responses/200',
          fix: 'Correct the example.',
        }),
      ],
      { target: 'here', specDigest: 'sha256:x', locations },
      {},
    );
    expect(report.counts).toEqual({ target: 1, suite: 0, mock: 0, spec: 1 });
    expect(report.findings[0]).toMatchObject({
      class: 'target',
      count: 2,
      operations: ['PUT /a', 'PATCH /a'],
      file: 'spec/openapi.yaml',
      line: 12,
      fails: true,
    });
    expect(report.findings[1]).toMatchObject({ class: 'spec', line: 13, fails: false });
    expect(lineOf(locations, '/paths/~1b')).toBeUndefined();
  });

  it('fails the run on target and suite findings, on spec findings only with CONTRACT_STRICT_SPEC=true, never on mock findings', () => {
    expect([
      failsRun('target', {}),
      failsRun('suite', {}),
      failsRun('spec', {}),
      failsRun('mock', {}),
    ]).toEqual([true, true, false, false]);
    expect(failsRun('spec', { CONTRACT_STRICT_SPEC: 'true' })).toBe(true);
  });

  it('prints a section per class and GitHub annotations on the spec lines, escaped', () => {
    const report = buildReport(
      [
        problem({ message: 'a, b: 50% done\nsecond line' }),
        problem({ class: 'spec', check: 'example_validity', key: 's' }),
      ],
      { target: 'here', specDigest: 'sha256:x', locations },
      {},
    );
    const text = formatReport(report);
    expect(text).toMatch(
      /^contract report for here \(spec\/openapi\.yaml\): 1 target, 0 suite, 0 mock, 1 spec finding\(s\)/,
    );
    expect(text).toMatch(
      /target: the target broke the contract \(fails the run\): 1\n {2}1\. \[unsupported_method\] 1x: a, b: 50% done\n {5}at spec\/openapi\.yaml:12 \(#\/paths\/~1a\)\n {5}fix: Answer 405\./,
    );
    expect(text).toMatch(/suite: the generated suites failed, a bug of ours \(fails the run\): none/);
    const [error, warning] = githubAnnotations(report);
    expect(error).toBe(
      '::error file=spec/openapi.yaml,line=12,title=contract target%3A unsupported_method (1x)::a%2C b: 50%25 done%0Afix: Answer 405.'.replace(
        'a%2C b',
        'a, b',
      ),
    );
    expect(warning.startsWith('::warning file=spec/openapi.yaml,line=12,')).toBe(true);
  });

  it('cuts a long curl line in the text report and the annotation, and keeps it whole in the JSON report', () => {
    const curl = `curl -X POST 'http://localhost/files' --data-binary '${'QUJD'.repeat(10_000)}'`;
    const report = buildReport(
      [problem({ curl })],
      { target: 'here', specDigest: 'sha256:x', locations },
      {},
    );
    expect(report.findings[0]!.curl).toBe(curl);
    const printed = /^ {5}curl: (.*)$/m.exec(formatReport(report))![1]!;
    expect(printed).toBe(
      `${curl.slice(0, CURL_PRINTED)}… (cut: ${curl.length - CURL_PRINTED} more characters; the JSON report, CONTRACT_REPORT=path, holds the whole line)`,
    );
    expect(githubAnnotations(report)[0]!.length).toBeLessThan(CURL_PRINTED + 1_000);
    const short = buildReport(
      [problem({ curl: "curl 'http://localhost/a'" })],
      { target: 'here', specDigest: 'sha256:x', locations },
      {},
    );
    expect(formatReport(short)).toContain("     curl: curl 'http://localhost/a'\n");
  });

  it("names an annotation's file from the repository's top (GITHUB_WORKSPACE), where the runner looks", () => {
    // A job whose working-directory is a folder of the repository: the workspace is its parent.
    const top = path.dirname(process.cwd());
    const folder = path.basename(process.cwd());
    expect(workflowCommand('error', { file: 'spec/openapi.yaml', line: 3 }, 'm', top)).toBe(
      `::error file=${folder}/spec/openapi.yaml,line=3::m`,
    );
    expect(workflowCommand('error', { file: 'spec/openapi.yaml', line: 3 }, 'm', process.cwd())).toBe(
      '::error file=spec/openapi.yaml,line=3::m',
    );
    // Outside the workspace, or with none (not on GitHub), the file stays as given.
    expect(workflowCommand('warning', { file: '/elsewhere/a.yaml' }, 'm', process.cwd())).toBe(
      '::warning file=/elsewhere/a.yaml::m',
    );
    expect(workflowCommand('notice', { file: 'a.yaml' }, 'm', '')).toBe('::notice file=a.yaml::m');
  });
});

/** The yaml package's line for a pointer in a file it parses (YAML or JSON): the oracle (the text parsed once). */
function yamlLines(text: string): (pointer: string) => number | undefined {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter });
  return (pointer) => yamlLineIn(document, counter, pointer);
}

function yamlLineIn(document: Document, counter: LineCounter, pointer: string): number | undefined {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const parent = keys.length > 1 ? document.getIn(keys.slice(0, -1), true) : document.contents;
  const pair =
    isNode(parent) && 'items' in parent
      ? (parent.items as Array<{ key?: { range?: number[] }; range?: number[] }>).find((item, index) =>
          item.key
            ? String((item.key as { value?: unknown }).value) === keys.at(-1)
            : String(index) === keys.at(-1),
        )
      : undefined;
  const offset = pair?.key?.range?.[0] ?? pair?.range?.[0];
  return offset === undefined ? undefined : counter.linePos(offset).line;
}

describe('pointer -> line', () => {
  it('finds the same lines as the yaml package, in YAML and in the same document as JSON', async () => {
    const yamlText = await readFile('spec/openapi.yaml', 'utf8');
    const document = parseYaml(yamlText) as { paths: Record<string, Record<string, unknown>> };
    const pointers = Object.entries(document.paths).flatMap(([route, item]) => [
      `/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      ...Object.keys(item).map(
        (method) => `/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
      ),
    ]);
    pointers.push(
      '/components/schemas/Subject',
      '/components/examples/Subject/value',
      '/tags/1',
      '/servers/0/url',
    );
    const dir = scratch.make('spec-lines-');
    const jsonFile = path.join(dir, 'spec.json');
    const jsonText = JSON.stringify(document, null, 2);
    await writeFile(jsonFile, jsonText);
    const fromYaml = specLines('spec/openapi.yaml', pointers);
    const fromJson = specLines(jsonFile, pointers);
    expect(Object.keys(fromYaml)).toHaveLength(pointers.length);
    expect(Object.keys(fromJson)).toHaveLength(pointers.length);
    const [yamlLine, jsonLine] = [yamlLines(yamlText), yamlLines(jsonText)];
    for (const pointer of pointers) {
      expect(fromYaml[pointer], `yaml ${pointer}`).toBe(yamlLine(pointer));
      expect(fromJson[pointer], `json ${pointer}`).toBe(jsonLine(pointer));
    }
  });
  it('finds every pointer of a JSON file with hostile strings, escaped keys and scalar elements as the yaml package does', async () => {
    // Strings that hold brackets, quotes, commas and backslashes (one ending in an escaped
    // backslash), keys that need ~0/~1, scalars as elements, several values on one line.
    const jsonText = [
      '{"a{[": "x}]\\"\\\\", "b/c~d": [1, true,',
      '  null, -2.5e3, {"k": "v,\\"]"}, ["[", 7]],',
      '  "e": {"f": [',
      '    false,',
      '    "\\\\"',
      '  ], "g": {}},',
      '  "h": [[], [[0]]]',
      '}',
    ].join('\n');
    const pointers: string[] = [];
    const collect = (node: unknown, at: string) => {
      if (at) pointers.push(at);
      if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node))
          collect(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    collect(JSON.parse(jsonText), '');
    const dir = scratch.make('spec-lines-');
    const jsonFile = path.join(dir, 'hostile.json');
    await writeFile(jsonFile, jsonText);
    const lines = specLines(jsonFile, pointers);
    expect(Object.keys(lines)).toHaveLength(pointers.length);
    const jsonLine = yamlLines(jsonText);
    for (const pointer of pointers) expect(lines[pointer], pointer).toBe(jsonLine(pointer));
  });
  it('finds pointers through keys beyond ASCII, after a byte order mark, stepping over what holds none', async () => {
    const jsonText = [
      '{"skipped": {"café": [1, {"x": "{[\\"]}"}], "deep": {"deeper": {}}},',
      // The key holds an escape and raw UTF-8 both; the description escaped quotes.
      '  "paths": {"/caf\\u00e9/日本": {"get": {"summary": "ünïcödé { [",',
      '    "responses": {"200": {"description": "\\"ok\\""}}}},',
      '  "/plain": {"post": {}}},',
      '  "wanted": [{"a": 1}, "b", {"naïve": "é"}]',
      '}',
    ].join('\n');
    const pointers = [
      '/paths/~1café~1日本/get/summary',
      '/paths/~1café~1日本/get/responses/200/description',
      '/paths/~1plain/post',
      '/wanted/2/naïve',
      '/wanted/1',
      '/missing/key',
    ];
    expect(Object.keys(JSON.parse(jsonText).paths)).toEqual(['/café/日本', '/plain']);
    const dir = scratch.make('spec-lines-');
    const jsonFile = path.join(dir, 'utf8.json');
    await writeFile(jsonFile, `\ufeff${jsonText}`);
    const lines = specLines(jsonFile, pointers);
    const jsonLine = yamlLines(jsonText);
    expect(Object.keys(lines).sort()).toEqual(
      pointers.filter((pointer) => pointer !== '/missing/key').sort(),
    );
    for (const pointer of Object.keys(lines)) expect(lines[pointer], pointer).toBe(jsonLine(pointer));
    expect(lines['/wanted/2/naïve']).toBe(5);
  });
});
