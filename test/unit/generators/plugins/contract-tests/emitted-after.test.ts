/**
 * `x-emitted-after` from the spec to the events stage: the IR carries each webhook's causing calls
 * as declared, leaves out an entry naming no operation (with a warning at its JSON pointer), and
 * the emitted suite lists an event with no known cause as not applicable, never as passed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import type { Ir } from '../../../../../generators/core/ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { emitEvents } from '../../../../../generators/plugins/contract-tests/events.js';
import { specDocument } from '../../../../support/spec.js';

let dir: string;
let ours: Ir;
let broken: Ir;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'emitted-after-'));
  ours = buildIr(await loadDocument('spec/openapi.yaml'));
  const document = structuredClone(await specDocument()) as any;
  document.webhooks['subject.deleted'].post['x-emitted-after'][0].operationId = 'removeSubject';
  const file = path.join(dir, 'spec.json');
  await writeFile(file, JSON.stringify(document));
  broken = buildIr(await loadDocument(file));
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('x-emitted-after', () => {
  it('is carried by the IR as the spec declares it', () => {
    const byName = Object.fromEntries(ours.webhooks!.events.map((event) => [event.name, event.emittedAfter]));
    expect(byName['assessment.completed']).toEqual([
      {
        operationId: 'submitAssessment',
        when: { '$request.body#/status': 'completed' },
        payload: { '/type': 'assessment.completed', '/data/object/id': '$response.body#/id' },
      },
    ]);
    expect(byName['subject.deleted']).toEqual([
      {
        operationId: 'deleteSubject',
        when: {},
        payload: { '/type': 'subject.deleted', '/data/object/id': '$request.path.subject_id' },
      },
    ]);
  });

  it('leaves out an entry naming no operation, with a warning at its pointer', () => {
    expect(broken.webhooks!.events.find((event) => event.name === 'subject.deleted')!.emittedAfter).toEqual(
      [],
    );
    expect(broken.warnings).toContainEqual({
      pointer: '/webhooks/subject.deleted/post/x-emitted-after/0',
      message: expect.stringMatching(/names no operation of this spec \("removeSubject"\)/),
    });
  });

  it('emits a check per causing call, the retry check once, and an event with no known cause as not applicable', () => {
    const suite = (ir: Ir) =>
      emitEvents(ir).find((file) => file.path.endsWith('events.contract.test.ts'))!.content;
    expect(suite(ours).match(/events\.arrives\(/g)).toHaveLength(2);
    expect(suite(ours).match(/events\.retried\(/g)).toHaveLength(1);
    expect(suite(broken)).toMatch(
      /check\('arrives after the calls that cause it', events\.eventNotApplicable\('subject\.deleted'\)/,
    );
    expect(suite(broken).match(/events\.arrives\(/g)).toHaveLength(1);
    const cases = JSON.parse(emitEvents(ours).find((file) => file.path.endsWith('events.json'))!.content);
    // One attempt's timeout (10 s) + 5 s; the first retry delay (5 s) + 10 % jitter + timeout + 5 s.
    expect(cases).toMatchObject({
      firstDeliveryMs: 15_000,
      retryMs: 20_500,
      secretPrefix: 'whsec_',
      headers: { id: 'webhook-id' },
    });
  });
});
