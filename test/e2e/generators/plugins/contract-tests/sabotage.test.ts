/**
 * Proof that the contract suite bites: break the service or the client on purpose and the
 * generated suite must fail, naming what broke.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../../../generators/plugins/contract-tests/runtime/report.js';
import { runContractSuite, startServiceTarget } from '../../../../../scripts/lib/contract.js';
import type { Sabotage } from '../../../../support/sabotaged-service.js';
import { startSabotagedServices, type SabotagedServices } from '../../../../support/sabotaged-services.js';

// Every case serves its own sabotaged service on its own database and port: they run at the same
// time (e2e's maxConcurrency). One process serves them all (sabotaged-services.ts), so the service's
// code loads once, not once per case; nothing else of a service is shared. Each runs the checks
// that can see its bug (`only`, a test name pattern of the suites), for time, in the suite files
// that hold them (a file left out is never started, where a pattern alone still loads it); the
// events cases also run every API example check, which must stay green.
const API = ['api.contract'];
const EVENTS = ['api.contract', 'events.contract'];
// The suites' vitest transforms their modules once for all the cases (runContractSuite's moduleCache).
let sabotaged: SabotagedServices;
let moduleCache: string;
beforeAll(async () => {
  sabotaged = startSabotagedServices();
  moduleCache = await mkdtemp(path.join(tmpdir(), 'contract-sabotage-modules-'));
});
afterAll(async () => {
  await sabotaged?.close();
  if (moduleCache) await rm(moduleCache, { recursive: true, force: true });
});
describe.concurrent.each<{ sabotage: Sabotage; files: string[]; only: string; expect: RegExp }>([
  {
    sabotage: 'wrong-type',
    files: API,
    only: 'retrieveSubject',
    expect: /retrieveSubject 200: \/livemode must be boolean/,
  },
  {
    sabotage: 'drop-header',
    files: API,
    only: 'a request from the examples',
    expect: /required header X-RateLimit-Remaining is missing/,
  },
  {
    sabotage: 'ok-for-404',
    files: API,
    only: 'an ID that was never issued',
    expect: /retrieveSubject: expected 404, got 200/,
  },
  {
    sabotage: 'other-spec',
    files: API,
    only: 'spec digest',
    expect:
      /spec digest mismatch: the target was built from sha256:0{64}, these contract suites from sha256:[0-9a-f]{64}/,
  },
  {
    sabotage: 'drop-field',
    files: API,
    only: 'createSubject: create, read',
    expect: /retrieveSubject after createSubject: property metadata did not come back as sent/,
  },
  {
    sabotage: 'stale-read',
    files: API,
    only: 'createAssessment: create, read|Assessment\\.status',
    expect:
      /retrieveAssessment after submitAssessment: property status reads back as "in_progress", but was "completed"/,
  },
  {
    sabotage: '500-on-valid-input',
    files: API,
    only: 'submitAssessment.*generated',
    expect:
      /submitAssessment: a valid request got 500[\s\S]*submitAssessment: a generated request breaks the contract[\s\S]*replay: CONTRACT_SEED=\d+[\s\S]*curl: curl -i -X PATCH/,
  },
  {
    sabotage: 'skip-page',
    files: API,
    only: 'listSubjects.*paging',
    expect: /listSubjects: walking forward \(pages of 2\) skips "subj_/,
  },
  {
    sabotage: 'delete-nothing',
    files: API,
    only: 'createSubject: (create, read|after deleteSubject)',
    expect: /retrieveSubject after deleteSubject: expected 404, got 200/,
  },
  // Only the events stage sees these: the API itself answers correctly.
  {
    sabotage: 'event-drop-field',
    files: EVENTS,
    only: 'events:|a request from the examples',
    expect:
      /assessment\.completed after submitAssessment payload: \/ must have required property 'created_at'/,
  },
  {
    sabotage: 'event-wrong-signature',
    files: EVENTS,
    only: 'events:|a request from the examples',
    expect:
      /subject\.deleted after deleteSubject: the generated client's webhooks\.verify refuses it \(WebhookSignatureError[\s\S]*subject\.deleted after deleteSubject: standardwebhooks refuses its signature/,
  },
  // Waits out the suites' retry bound, 20.5 s: it comes from the spec's x-webhooks (events.json), so
  // no setting of the service (its retry schedule is already milliseconds) can shorten it.
  {
    sabotage: 'event-no-retry',
    files: EVENTS,
    only: 'events:|a request from the examples',
    expect: /assessment\.completed: the receiver answered 500 and no retry came within 20\.5 s/,
  },
])('a service that breaks the contract ($sabotage)', ({ sabotage, only, files, expect: message }) => {
  it('turns the contract suite red, naming the operation, status and pointer', async () => {
    const target = await sabotaged.start(sabotage);
    try {
      const run = await runContractSuite(target.env, { files, testNamePattern: only, moduleCache });
      expect(run.code, run.output.slice(-2000)).not.toBe(0);
      expect(run.output).toMatch(message);
      // A webhook bug is the events stage's alone to catch: the API's stages stay green.
      if (sabotage.startsWith('event-'))
        expect(run.output).not.toMatch(/[×✗] generated\/contract-tests\/api\./);
    } finally {
      await target.stop();
    }
  }, 180_000);
});

// Issue 22's checks on the real service: each planted bug is a target finding of its check, naming
// the operation, in the JSON report (each run limited to the checks that can see it, for time;
// each on its own service, database and port, so they run at the same time).
describe.concurrent.each<{
  sabotage: Sabotage;
  only: string;
  check: string;
  operation: string | RegExp;
  message?: RegExp;
}>([
  {
    sabotage: 'cross-tenant-read',
    only: "another account's key",
    check: 'cross_tenant',
    operation: 'retrieveSubject',
  },
  {
    sabotage: 'keep-children',
    only: 'after deleteSubject',
    check: 'use_after_free',
    operation: 'retrieveAssessment',
  },
  { sabotage: 'leak-on-refusal', only: 'refused creates', check: 'leakage', operation: 'createSubject' },
  {
    sabotage: 'idempotency-ignored',
    only: 'parallel',
    check: 'idempotency_concurrency',
    operation: 'createSubject',
  },
  {
    sabotage: 'text-content-type',
    only: 'retrieveSubject',
    check: 'content_type_conformance',
    operation: 'retrieveSubject',
  },
  {
    sabotage: 'refuse-max-answers',
    only: 'submitAssessment.*coverage',
    check: 'positive_data_acceptance',
    operation: 'submitAssessment',
    message: /coverage: body answers: 200 items \(maxItems\)/,
  },
  {
    sabotage: '429-no-headers',
    only: 'a request from the examples',
    check: 'rate_limit_conformance',
    operation: /\w+/,
    message: /required header X-RateLimit-(Limit|Remaining) is missing \(a 429 the suite waited out\)/,
  },
])('a service that breaks the contract ($sabotage)', ({ sabotage, only, check, operation, message }) => {
  it(`turns the contract suite red with a target finding of ${check} on ${String(operation)}`, async () => {
    const target = await sabotaged.start(sabotage);
    const reportFile = path.join(tmpdir(), `contract-sabotage-${sabotage}-${process.pid}.json`);
    try {
      const run = await runContractSuite(
        { ...target.env, CONTRACT_REPORT: reportFile },
        { files: ['api.contract'], testNamePattern: only, moduleCache },
      );
      expect(run.code, run.output.slice(-2000)).not.toBe(0);
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as Report;
      const found = report.findings.filter(
        (finding) => finding.class === 'target' && finding.check === check,
      );
      expect(
        found.flatMap((finding) => finding.operations),
        JSON.stringify(report.findings, null, 1).slice(0, 3000),
      ).toContainEqual(typeof operation === 'string' ? operation : expect.stringMatching(operation));
      if (message)
        expect(found.map((finding) => finding.message)).toContainEqual(expect.stringMatching(message));
      expect(found.every((finding) => finding.file === 'spec/openapi.yaml' && (finding.line ?? 0) > 0)).toBe(
        true,
      );
      expect(report.counts.suite).toBe(0);
    } finally {
      await target.stop();
      await rm(reportFile, { force: true });
    }
  }, 180_000);
});

describe.concurrent('a client that drifts from the spec (it calls a renamed path)', () => {
  let dir: string;
  beforeAll(async () => {
    await mkdir(path.resolve('.cache'), { recursive: true });
    dir = await mkdtemp(path.resolve('.cache', 'drifted-client-'));
    // The suites of the real spec, beside a copy of the client whose subject operations call /v1/nature/people.
    await cp(path.resolve('generated/contract-tests'), path.join(dir, 'contract-tests'), { recursive: true });
    await cp(path.resolve('generated/client'), path.join(dir, 'client'), { recursive: true });
    const descriptors = path.join(dir, 'client', 'src', 'operations.ts');
    await writeFile(
      descriptors,
      (await readFile(descriptors, 'utf8')).replaceAll(
        '"path":"/v1/nature/subjects',
        '"path":"/v1/nature/people',
      ),
    );
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails the client checks of exactly the drifted operations', async () => {
    const target = await startServiceTarget();
    try {
      const run = await runContractSuite(target.env, {
        configPath: path.join(dir, 'contract-tests', 'vitest.config.ts'),
        files: API,
      });
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(
        /FAIL .*createSubject: POST \/v1\/nature\/subjects > the generated client calls it/,
      );
      expect(run.output).toMatch(
        /\[suite\] createSubject via the client: it failed \(NotFoundError: 404 not_found: No route for POST \/v1\/nature\/people/,
      );
      expect(run.output).not.toMatch(
        /FAIL .*retrieveAssessment: GET \/v1\/nature\/assessments\/\{assessment_id\} > the generated client/,
      );
    } finally {
      await target.server.stop();
    }
  }, 180_000);
});
