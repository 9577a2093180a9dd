/**
 * Proof that the contract suite bites: break the service or the client on purpose and the
 * generated suite must fail, naming what broke.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractSuite, startServiceTarget } from '../../../../../scripts/lib/contract.js';

// Every case starts its own service on its own database and port: they run at the same time (e2e's maxConcurrency).
describe.concurrent.each([
  { sabotage: 'wrong-type', expect: /retrieveSubject 200: \/livemode must be boolean/ },
  { sabotage: 'drop-header', expect: /required header X-RateLimit-Remaining is missing/ },
  { sabotage: 'ok-for-404', expect: /retrieveSubject: expected 404, got 200/ },
  { sabotage: 'other-spec', expect: /spec digest mismatch: the target was built from sha256:0{64}, these contract suites from sha256:[0-9a-f]{64}/ },
  { sabotage: 'drop-field', expect: /retrieveSubject after createSubject: property metadata did not come back as sent/ },
  { sabotage: 'stale-read', expect: /retrieveAssessment after submitAssessment: property status reads back as "in_progress", but was "completed"/ },
  { sabotage: '500-on-valid-input', expect: /submitAssessment: a generated request breaks the contract[\s\S]*submitAssessment: a valid request got 500[\s\S]*replay: CONTRACT_SEED=\d+[\s\S]*curl: curl -i -X PATCH/ },
  { sabotage: 'skip-page', expect: /listSubjects: walking forward \(pages of 2\) skips "subj_/ },
  { sabotage: 'delete-nothing', expect: /retrieveSubject after deleteSubject: expected 404, got 200/ },
  // Only the events stage sees these: the API itself answers correctly.
  { sabotage: 'event-drop-field', expect: /assessment\.completed after submitAssessment payload: \/ must have required property 'created_at'/ },
  { sabotage: 'event-wrong-signature', expect: /subject\.deleted after deleteSubject: the generated client's webhooks\.verify refuses it \(WebhookSignatureError[\s\S]*subject\.deleted after deleteSubject: standardwebhooks refuses its signature/ },
  { sabotage: 'event-no-retry', expect: /assessment\.completed: the receiver answered 500 and no retry came within 20\.5 s/ },
])('a service that breaks the contract ($sabotage)', ({ sabotage, expect: message }) => {
  it('turns the contract suite red, naming the operation, status and pointer', async () => {
    const target = await startServiceTarget('test/support/sabotaged-server.ts', { SABOTAGE: sabotage });
    try {
      const run = await runContractSuite(target.env);
      expect(run.code, run.output.slice(-2000)).not.toBe(0);
      expect(run.output).toMatch(message);
      // A webhook bug is the events stage's alone to catch: the API's stages stay green.
      if (sabotage.startsWith('event-')) expect(run.output).not.toMatch(/[×✗] generated\/contract-tests\/api\./);
    } finally {
      await target.server.stop();
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
    await writeFile(descriptors, (await readFile(descriptors, 'utf8')).replaceAll('"path":"/v1/nature/subjects', '"path":"/v1/nature/people'));
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails the client checks of exactly the drifted operations', async () => {
    const target = await startServiceTarget();
    try {
      const run = await runContractSuite(target.env, { configPath: path.join(dir, 'contract-tests', 'vitest.config.ts') });
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(/FAIL .*createSubject: POST \/v1\/nature\/subjects > the generated client calls it/);
      expect(run.output).toMatch(/404 not_found: No route for POST \/v1\/nature\/people/);
      expect(run.output).not.toMatch(/FAIL .*retrieveAssessment: GET \/v1\/nature\/assessments\/\{assessment_id\} > the generated client/);
    } finally {
      await target.server.stop();
    }
  }, 180_000);
});
