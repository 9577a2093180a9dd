/**
 * The generated Python SDK, with any python3 >= 3.9 (PYTHON overrides) run as `python3 -S -E -B`:
 * no site-packages and no PYTHON* variables, which proves the SDK and its tests need only the
 * standard library. Runtime unit tests on a loopback server; end to end against the reference
 * service; every ```python block of the package README against the service; webhook signatures
 * against the `standardwebhooks` npm package (the oracle) both ways; pyright strict, zero errors,
 * on our SDK and on the fixtures' SDKs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../../generators/pipeline.js';
import { DOCUMENTATION } from '../../../../support/documentation.js';
import { generatedPackagesConfig } from '../../../../support/pyright.js';
import { startService, type TestService } from '../../../../support/service.js';

const PYTHON = process.env.PYTHON ?? 'python3';
const SDK = path.resolve('generated/python');
const TESTS = path.resolve('test/support/python');
const PYRIGHT = path.resolve('node_modules/.bin/pyright');

interface Run {
  code: number;
  output: string;
  stdout: string;
}

function run(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}${stderr}`,
          stdout,
        }),
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** python3 -S -E -B: the standard library only. */
function python(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<Run> {
  return run(PYTHON, ['-S', '-E', '-B', ...args], options);
}

/** Runs code with `sdk` on sys.path (PYTHONPATH is ignored under -E). */
function pythonCode(
  code: string,
  options: { env?: Record<string, string>; input?: string; sdk?: string } = {},
): Promise<Run> {
  return python(
    ['-c', `import sys\nsys.path.insert(0, ${JSON.stringify(options.sdk ?? SDK)})\n${code}`],
    options,
  );
}

beforeAll(async () => {
  const version = await run(PYTHON, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']);
  if (version.code !== 0)
    throw new Error(
      `No Python: "${PYTHON}" did not run (${version.output.trim()}). Install python3 >= 3.9 or set PYTHON to one.`,
    );
  const [major, minor] = version.stdout.trim().split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 9))
    throw new Error(`${PYTHON} is Python ${version.stdout.trim()}; the SDK needs 3.9 or newer (set PYTHON).`);
});

describe('Python SDK runtime (loopback server)', () => {
  it('passes the runtime and webhook unit tests with the standard library only', async () => {
    const result = await python([path.join(TESTS, 'run_tests.py'), SDK]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran [1-9]\d+ tests/);
    expect(result.output).toMatch(
      /test_waits_retry_after_exactly_and_repeats_the_identical_request_with_one_idempotency_key .* ok/,
    );
    expect(result.output).toMatch(/test_refuses_timestamps_outside_the_tolerance_both_ways .* ok/);
  }, 120_000);
});

describe('Python SDK against the reference service', () => {
  let service: TestService;
  let env: Record<string, string>;
  beforeAll(async () => {
    service = await startService();
    env = {
      ASSESSMENT_SERVICE_API_KEY: await service.key(),
      ASSESSMENT_SERVICE_BASE_URL: service.url,
      ASSESSMENT_SERVICE_WEBHOOK_SECRET: `whsec_${Buffer.from('readme example secret, 32 bytes!').toString('base64')}`,
    };
  });
  afterAll(async () => {
    await service?.close();
  });

  it('runs the end-to-end suite (key and address from the environment)', async () => {
    const result = await python([path.join(TESTS, 'run_tests.py'), SDK, 'e2e_*.py'], { env });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/test_runs_an_assessment_from_an_empty_body_to_completed .* ok/);
  }, 120_000);

  it("runs every python block of the package README and of the project's documentation as written", async () => {
    const readmes = await Promise.all([
      ...DOCUMENTATION.map((file) => readFile(path.resolve(file), 'utf8')),
      readFile(path.join(SDK, 'README.md'), 'utf8'),
    ]);
    // Blocks on the media fixture's SDK (`from media_fixture import`) run in media.test.ts, against a server of that spec.
    const blocks = readmes
      .flatMap((readme) => [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]))
      .filter((block) => !/\bmedia_fixture\b/.test(block));
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const outputs: string[] = [];
    for (const block of blocks) {
      const result = await pythonCode(block, { env });
      expect(result.code, `${block}\n---\n${result.output}`).toBe(0);
      outputs.push(result.stdout);
    }
    expect(outputs.join('')).toMatch(
      /'consented_at': datetime\.datetime\(2026, 3, 14, 9, 26, 53, tzinfo=datetime\.timezone\.utc\)/,
    ); // sent as Z, read back
    expect(outputs.join('')).toMatch(/^not found: not_found req_/m);
    expect(outputs.map((output) => output.trim())).toContain('400'); // the forged delivery
    // Logging: each attempt at debug, and no record holds the key.
    expect(outputs.join('')).toMatch(
      /GET \/v1\/health -> 200 \(request_id req_\w+\) in \d+ ms, attempt 1: done/,
    );
    expect(outputs.join('')).not.toContain(env.ASSESSMENT_SERVICE_API_KEY);
    // with_options: changed defaults on the copy, the original untouched; the call went through.
    expect(outputs.join('')).toMatch(/^120\.0 5 60\.0\nSyncCursorPage$/m);
    // asyncio: `async for`, the awaited first page and the raw response.
    expect(outputs.join('')).toMatch(/^\d+ (True|False)\n200 req_\w+$/m);
    expect(outputs.join('')).toMatch(/^requests sent: 1$/m);
  }, 120_000);
});

describe('webhook signatures against the standardwebhooks npm package', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'subject.deleted',
    created_at: '2026-03-14T09:26:53Z',
    livemode: false,
    data: { object: {} },
  });
  const unwrap = `import json
from assessment_service import AssessmentService, WebhookVerificationError
request = json.loads(sys.stdin.read())
client = AssessmentService(api_key="test_sk_${'a'.repeat(32)}", webhook_secret=request["secret"])
try:
    event = client.webhooks.unwrap(request["body"].encode(), request["headers"])
    print("ok", event["id"], event["created_at"].isoformat())
except WebhookVerificationError as error:
    print(type(error).__name__)
`;

  it('a delivery signed by standardwebhooks unwraps with our helper; a tampered one does not', async () => {
    const msgId = 'msg_2Lq1';
    const now = new Date();
    const signature = new Webhook(secret).sign(msgId, now, body);
    const headers = {
      'webhook-id': msgId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const good = await pythonCode(unwrap, { input: JSON.stringify({ secret, body, headers }) });
    expect(good.output.trim()).toBe('ok evt_1 2026-03-14T09:26:53+00:00');
    const tampered = await pythonCode(unwrap, {
      input: JSON.stringify({ secret, body: body.replace('evt_1', 'evt_2'), headers }),
    });
    expect(tampered.output.trim()).toBe('WebhookSignatureError');
    const stale = new Date(now.getTime() - 10 * 60_000);
    const old = {
      ...headers,
      'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(msgId, stale, body),
    };
    expect(
      (await pythonCode(unwrap, { input: JSON.stringify({ secret, body, headers: old }) })).output.trim(),
    ).toBe('WebhookTimestampError');
  }, 60_000);

  it('a delivery signed by our helper verifies with standardwebhooks', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = await pythonCode(
      `from assessment_service._core import sign\nprint(sign(sys.stdin.read().encode(), secret=${JSON.stringify(secret)}, msg_id="msg_py", timestamp=${timestamp}))`,
      { input: body },
    );
    expect(signed.code, signed.output).toBe(0);
    const headers = {
      'webhook-id': 'msg_py',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signed.stdout.trim(),
    };
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ id: 'evt_1' });
    expect(() => new Webhook(secret).verify(body.replace('evt_1', 'evt_9'), headers)).toThrow();
  }, 60_000);
});

describe('installing the package offline (its own standard-library build backend)', () => {
  let workDir: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    workDir = await mkdtemp(path.resolve('.cache', 'wheel-'));
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('builds the same wheel bytes twice with the standard library only, and the package imports from that wheel', async () => {
    const build = (into: string) =>
      python([
        '-c',
        `import sys\nsys.path.insert(0, ${JSON.stringify(SDK)})\nimport _build\nprint(_build.build_wheel(${JSON.stringify(into)}))`,
      ]);
    await mkdir(path.join(workDir, 'a'));
    await mkdir(path.join(workDir, 'b'));
    const [first, second] = [await build(path.join(workDir, 'a')), await build(path.join(workDir, 'b'))];
    expect(first.code, first.output).toBe(0);
    const wheel = first.stdout.trim();
    expect(wheel).toBe('assessment_service-1.0.0-py3-none-any.whl');
    expect(second.stdout.trim()).toBe(wheel);
    expect(await readFile(path.join(workDir, 'a', wheel))).toEqual(
      await readFile(path.join(workDir, 'b', wheel)),
    );
    // Pure Python: importable straight from the zip, which proves what the wheel carries is the whole package.
    const imported = await python([
      '-c',
      `import sys, zipfile\nwheel = ${JSON.stringify(path.join(workDir, 'a', wheel))}\nsys.path.insert(0, wheel)\nimport assessment_service\nnames = zipfile.ZipFile(wheel).namelist()\nprint(assessment_service.__file__.startswith(wheel), "assessment_service/py.typed" in names, any(n.endswith("dist-info/RECORD") for n in names), any(n.startswith("_build") for n in names))`,
    ]);
    expect(imported.stdout.trim(), imported.output).toBe('True True True False');
  }, 60_000);

  // pip is not part of the standard library (CI's PYTHON runs with -S, without site-packages): this leg uses the
  // machine's own python3 and its pip, as someone installing the package would, and imports with PYTHON.
  const PIP_PYTHON = process.env.PIP_PYTHON ?? 'python3';
  const hasPip =
    execFileSync(
      PIP_PYTHON,
      [
        '-c',
        'import importlib.util, sys; sys.stdout.write(str(importlib.util.find_spec("pip") is not None))',
      ],
      { encoding: 'utf8' },
    ) === 'True';
  it.skipIf(!hasPip)(
    'pip install --no-index --target installs it with no network and no setuptools (needs pip)',
    async () => {
      const target = path.join(workDir, 'site');
      const installed = await run(
        PIP_PYTHON,
        [
          '-m',
          'pip',
          'install',
          '--no-index',
          '--no-build-isolation',
          '--disable-pip-version-check',
          '--target',
          target,
          SDK,
        ],
        { env: { PIP_NO_CACHE_DIR: '1' } },
      );
      expect(installed.code, installed.output).toBe(0);
      const imported = await python([
        '-c',
        `import sys\nsys.path.insert(0, ${JSON.stringify(target)})\nfrom assessment_service import AssessmentService\nprint(AssessmentService.__module__)`,
      ]);
      expect(imported.stdout.trim(), imported.output).toBe('assessment_service._client');
    },
    120_000,
  );
});

describe('forward compatibility and deprecation', () => {
  it('an event type added after this SDK, signed by standardwebhooks, unwraps as UnknownWebhookEvent in the sync and the async client', async () => {
    const secret = `whsec_${Buffer.from('an event type from the future!!!').toString('base64')}`;
    const body = JSON.stringify({
      id: 'evt_new',
      object: 'event',
      type: 'subject.archived',
      created_at: '2026-11-24T09:00:00Z',
      livemode: false,
      data: { object: { id: 'subj_1' } },
    });
    const now = new Date();
    const headers = {
      'webhook-id': 'msg_new',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_new', now, body),
    };
    const code = `import asyncio, json
from assessment_service import AssessmentService, AsyncAssessmentService, UnknownWebhookEvent
request = json.loads(sys.stdin.read())
sync_event = AssessmentService(api_key="test_sk_${'a'.repeat(32)}", webhook_secret=request["secret"]).webhooks.unwrap(request["body"], request["headers"])
async def unwrap():
    async with AsyncAssessmentService(api_key="test_sk_${'a'.repeat(32)}", webhook_secret=request["secret"]) as client:
        return client.webhooks.unwrap(request["body"], request["headers"])
async_event = asyncio.run(unwrap())
for event in (sync_event, async_event):
    print(isinstance(event, UnknownWebhookEvent), event.type, event.id)
`;
    const result = await pythonCode(code, { input: JSON.stringify({ secret, body, headers }) });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'True subject.archived evt_new',
      'True subject.archived evt_new',
    ]);
    const forged = await pythonCode(code, {
      input: JSON.stringify({ secret, body: body.replace('evt_new', 'evt_old'), headers }),
    });
    expect(forged.code).not.toBe(0);
    expect(forged.output).toContain('WebhookSignatureError'); // unknown is never a way around the signature
  }, 60_000);

  it('a deprecated operation warns once per process with DeprecationWarning at the caller, in the sync and the async client', async () => {
    const out = await mkdtemp(path.resolve('.cache', 'deprecated-'));
    try {
      await generate({
        spec: 'test/fixtures/specs/widgets-3.0.yaml',
        out,
        command: 'test',
        write: true,
        skip: ['sdks'],
        log: () => {},
      });
      // One process per client: the warning is once per process, so a second client in one process would stay silent.
      const code = (mode: 'sync' | 'async') => `import asyncio, warnings
from widget_shop import WidgetShop, AsyncWidgetShop, RawResponse, AsyncRawResponse
class Answer:
    def send(self, request):
        return RawResponse(204, {}, b"")
    def close(self):
        pass
class AsyncAnswer:
    async def send(self, request):
        return AsyncRawResponse(204, {}, b"")
    async def close(self):
        pass
async def main():
    client = AsyncWidgetShop(api_key="k", base_url="http://api.invalid", transport=AsyncAnswer())
    await client.widgets.delete("w1")
    await client.widgets.delete("w2")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    if "${mode}" == "sync":
        client = WidgetShop(api_key="k", base_url="http://api.invalid", transport=Answer())
        client.widgets.delete("w1")
        client.widgets.delete("w2")
    else:
        asyncio.run(main())
for warning in caught:
    print(warning.category.__name__, warning.filename, warning.message)
`;
      for (const mode of ['sync', 'async'] as const) {
        const result = await pythonCode(code(mode), { sdk: path.join(out, 'python') });
        expect(result.code, result.output).toBe(0);
        expect(result.stdout.trim().split('\n'), mode).toEqual([
          "DeprecationWarning <string> client.widgets.delete() is deprecated (the API's description marks it deprecated).",
        ]);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('pyright (strict)', () => {
  let workDir: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    workDir = await mkdtemp(path.resolve('.cache', 'pyright-'));
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('reports zero errors on our SDK and on the SDKs of the fixture specs', async () => {
    const roots = ['ours'];
    await cp(SDK, path.join(workDir, 'ours'), { recursive: true });
    for (const fixture of ['widgets-3.0.yaml', 'shop-3.1.json']) {
      const out = path.join(workDir, 'out', fixture);
      await generate({
        spec: path.join('test/fixtures/specs', fixture),
        out,
        command: 'test',
        write: true,
        log: () => {},
      });
      await cp(path.join(out, 'python'), path.join(workDir, fixture), { recursive: true });
      roots.push(fixture);
    }
    await rm(path.join(workDir, 'out'), { recursive: true, force: true });
    // One run, one execution environment per package, so each resolves its own imports.
    // The runtime every package carries is checked here, in ours, and left out of every other check.
    const config = generatedPackagesConfig({ roots, runtimeCheckedIn: ['ours'] });
    await writeFile(path.join(workDir, 'pyrightconfig.json'), JSON.stringify(config));
    const result = await run(PYRIGHT, ['--outputjson', '-p', workDir]);
    const report = JSON.parse(result.stdout) as {
      generalDiagnostics: Array<{
        file: string;
        severity: string;
        message: string;
        range: { start: { line: number } };
      }>;
      summary: { filesAnalyzed: number; errorCount: number };
    };
    const errors = report.generalDiagnostics
      .filter((diagnostic) => diagnostic.severity === 'error')
      .map((d) => `${path.relative(workDir, d.file)}:${d.range.start.line + 1} ${d.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThanOrEqual(3 * 12);
  }, 240_000);
});
