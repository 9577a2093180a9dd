/**
 * The contract tests' events stage (`contract-tests/events.*`), for any spec that declares
 * webhooks: per event, the calls that cause it (`x-emitted-after`), its body schema and the
 * bounds its deliveries must keep (from `x-webhooks`), and a suite naming each check. The checks
 * are `runtime/events.ts`.
 */
import { jsonFile, type GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { contractSchema } from './schemas.js';
import type { EventsCases } from './runtime/events.js';

/** Slack on every bound: the target's scheduling, the suite's machine, the network. */
const SLACK_MS = 5000;
/** x-webhooks' jitter on each retry delay (up to ±10 %). */
const JITTER = 1.1;

export function emitEvents(ir: Ir): GeneratedFile[] {
  const webhooks = ir.webhooks;
  if (!webhooks || webhooks.events.length === 0) return [];
  const timeoutMs = (webhooks.delivery.timeoutSeconds ?? 10) * 1000;
  const firstRetryMs = (webhooks.delivery.retryScheduleSeconds[0] ?? 0) * 1000 * JITTER;
  const cases: EventsCases = {
    headers: webhooks.headers,
    secretPrefix: webhooks.secretPrefix,
    firstDeliveryMs: timeoutMs + SLACK_MS,
    retryMs: Math.round(firstRetryMs + timeoutMs + SLACK_MS),
    events: webhooks.events.map((event) => ({
      name: event.name,
      schema: contractSchema(event.schema, ir),
      emittedAfter: event.emittedAfter,
    })),
  };
  const retried = webhooks.events.find((event) => event.emittedAfter.length > 0);
  const q = stringLiteral;
  const out = [
    "import { readFileSync } from 'node:fs';",
    "import { afterAll, beforeAll, describe, it } from 'vitest';",
    "import type { Cases } from './core/cases.js';",
    "import { ContractChecks } from './core/checks.js';",
    "import { EventChecks, type EventsCases, type WebhookVerifier } from './core/events.js';",
    "import { runCheck } from './core/findings.js';",
    "import { targetFromEnv } from './core/target.js';",
    "import { CLIENT_CALLS, createClient } from './client-calls.js';",
    '',
    "const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Cases;",
    'const checks = new ContractChecks(cases, targetFromEnv(), { create: createClient, calls: CLIENT_CALLS });',
    "const events = new EventChecks(JSON.parse(readFileSync(new URL('./events.json', import.meta.url), 'utf8')) as EventsCases, checks, (createClient(checks.target) as unknown as { webhooks: WebhookVerifier }).webhooks);",
    '/** Why the whole stage cannot run here (said once, with the variable to set), or undefined. */',
    'const stageReason = events.notApplicable();',
    'const notApplicable: string[] = [];',
    'const check = (name: string, reason: string | undefined, run: () => Promise<void>) => {',
    '  if (reason) notApplicable.push(`${name}: not applicable (${reason})`);',
    '  it.skipIf(Boolean(reason))(reason ? `${name} [not applicable: ${reason}]` : name, () => runCheck(name, undefined, run));',
    '};',
    'beforeAll(async () => {',
    '  if (!stageReason) await events.start();',
    '}, 120_000);',
    'afterAll(async () => {',
    "  if (notApplicable.length) console.log(`Not applicable on ${checks.target.name}:\\n  ${notApplicable.join('\\n  ')}`);",
    '  const said = await events.stop();',
    '  if (said) console.log(said);',
    '  console.log(await checks.cleanup());',
    '}, 600_000);',
    '',
  ];
  for (const event of webhooks.events) {
    out.push(`describe(${q(`events: ${event.name}`)}, () => {`);
    if (event.emittedAfter.length === 0)
      out.push(
        `  check(${q('arrives after the calls that cause it')}, events.eventNotApplicable(${q(event.name)}), async () => undefined);`,
      );
    event.emittedAfter.forEach((emitter, index) => {
      const when = Object.entries(emitter.when)
        .map(([expression, value]) => `${expression} = ${JSON.stringify(value)}`)
        .join(', ');
      out.push(
        `  check(${q(`arrives within ${cases.firstDeliveryMs / 1000} s after ${emitter.operationId}${when ? ` with ${when}` : ''}, signed (generated client and standardwebhooks), valid against its schema, holding what the call made`)}, events.eventNotApplicable(${q(event.name)}), () => events.arrives(${q(event.name)}, ${index}));`,
      );
    });
    if (event === retried)
      out.push(
        `  check(${q(`a 500 to its first delivery is retried within ${cases.retryMs / 1000} s with the same ${webhooks.headers.id} and a valid signature`)}, events.eventNotApplicable(${q(event.name)}), () => events.retried(${q(event.name)}));`,
      );
    out.push('});', '');
  }
  out.push(
    'if (stageReason) console.log(`events stage not run on ${checks.target.name}: ${stageReason}`);',
    '',
  );
  return [
    jsonFile('contract-tests/events.json', cases),
    { path: 'contract-tests/events.contract.test.ts', content: out.join('\n') },
  ];
}
