/**
 * Python names, end to end: a fixture spec full of the shapes that broke openapi-generator's SDK
 * on 45 public specs (keywords as property names, `self` as an argument, names starting with a
 * digit, `_id` beside `id`) is generated, imported with python3 -S -E, called on a loopback server
 * (each argument reaches the wire under its spec name), and checked by pyright strict. The naming
 * function alone is test/unit/generators/plugins/python/naming.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import { configWithoutRuntime, modulesOutsideRuntime } from '../../../../support/pyright.js';

const PYTHON = process.env.PYTHON ?? 'python3';

function run(command: string, args: string[]): Promise<{ code: number; output: string; stdout: string }> {
  return new Promise((resolve) =>
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
        output: `${stdout}${stderr}`,
        stdout,
      }),
    ),
  );
}

describe('a spec full of hard names', () => {
  let out: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    out = await mkdtemp(path.resolve('.cache', 'python-names-'));
    await generate({
      spec: 'test/fixtures/python/hard-names.yaml',
      out,
      command: 'test',
      write: true,
      log: () => {},
    });
  });
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('imports, and every argument reaches the wire under its spec name', async () => {
    const script = `
import json, sys
from datetime import date, datetime, timezone
sys.path[:0] = [${JSON.stringify(path.join(out, 'python'))}, ${JSON.stringify(path.resolve('test/support/python'))}]
from loopback import Answer, Loopback
from api_1_forge_finance import N1ForgeFinance
server = Loopback()
server.answers.append(Answer(200, {"from": "EUR", "self": "https://q", "_id": "q1", "at": "2026-01-02T03:04:05Z", "date": "2026-02-28", "settles": "2026-13-01"}))
client = N1ForgeFinance(api_key="k", base_url=server.url)
quote = client.quotes.import_("x/1", _id="a", lambda_=3, self_="h", from_="EUR", await_=True, self_2="s", timeout_=1.5, id_="body", when=datetime(2026, 1, 2, tzinfo=timezone.utc), on=date(2026, 3, 1), date_=date(2026, 1, 31), timeout=5)
seen = server.seen[0]
print(json.dumps({"path": seen.path, "self": seen.headers.get("self"), "key": seen.headers.get("x-api-key"), "body": seen.json(), "at": quote["at"].isoformat(), "date": repr(quote["date"]), "settles": repr(quote.get("settles")), "close": type(client.close_).__name__}))
server.close()
`;
    const result = await run(PYTHON, ['-S', '-E', '-B', '-c', script]);
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      path: '/quotes/x%2F1?_id=a&lambda=3&date=2026-01-31',
      self: 'h',
      key: 'k',
      body: {
        from: 'EUR',
        await: true,
        self: 's',
        timeout: 1.5,
        id: 'body',
        when: '2026-01-02T00:00:00Z',
        on: '2026-03-01',
      },
      at: '2026-01-02T03:04:05+00:00',
      // A full-date is read as a date; text that is no date (month 13) is left as it came.
      date: 'datetime.date(2026, 2, 28)',
      settles: "'2026-13-01'",
      close: 'Close',
    });
  }, 60_000);

  it('sends an optional body whose schema requires properties whole or not at all (issue 43)', async () => {
    const script = `
import json, sys
sys.path[:0] = [${JSON.stringify(path.join(out, 'python'))}, ${JSON.stringify(path.resolve('test/support/python'))}]
from loopback import Answer, Loopback
from api_1_forge_finance import N1ForgeFinance
server = Loopback()
client = N1ForgeFinance(api_key="k", base_url=server.url)
seen = []
for call in (lambda: client.notes.create(), lambda: client.notes.create(text="t", format="md"), lambda: client.notes.create(pinned=True)):
    before = len(server.seen)
    server.answers.append(Answer(204, None))
    try:
        call()
        seen.append(server.seen[-1].body.decode() if len(server.seen) > before else "not sent")
    except TypeError as error:
        seen.append("TypeError: " + str(error))
print(json.dumps({"calls": seen, "requests": len(server.seen)}))
server.close()
`;
    const result = await run(PYTHON, ['-S', '-E', '-B', '-c', script]);
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      calls: [
        '',
        '{"text":"t","format":"md"}',
        'TypeError: POST /notes: a request body, when sent, needs text, format; give them, or no body fields at all.',
      ],
      requests: 2,
    });
  }, 60_000);

  it('passes pyright strict with zero errors', async () => {
    const result = await run(path.resolve('node_modules/.bin/pyright'), [
      '--outputjson',
      '-p',
      await configWithoutRuntime(path.join(out, 'python')),
    ]);
    const report = JSON.parse(result.stdout) as {
      generalDiagnostics: Array<{ file: string; severity: string; message: string }>;
      summary: { filesAnalyzed: number };
    };
    expect(
      report.generalDiagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${path.basename(d.file)}: ${d.message}`),
    ).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(
      await modulesOutsideRuntime(path.join(out, 'python')),
    );
  }, 120_000);
});
