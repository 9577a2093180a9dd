/**
 * The generated client's webhook helper (`client.webhooks.unwrap` / `verify`) against the
 * independent `standardwebhooks` package: what it signs, we verify; forged, altered, replayed
 * and malformed deliveries get their own typed errors.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  AssessmentServiceClient,
  UnknownWebhookEvent,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
  type Logger,
  type WebhookEvent,
} from '../../../../../generated/client/src/index.js';
import { signatureHeader } from '../../../../../service/webhooks/signing.js';
import { deref, specDocument } from '../../../../support/spec.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const client = new AssessmentServiceClient({ apiKey: `test_sk_${'a'.repeat(32)}` });

/** The spec's own example event of the type, signed by the library at `at`. */
async function signedExample(type: string, at = new Date(), signingSecret = secret) {
  const document = await specDocument();
  const media = deref(document, document.webhooks[type].post.requestBody).content['application/json'];
  const body = JSON.stringify(deref(document, Object.values<any>(media.examples)[0]).value);
  const id = JSON.parse(body).id as string;
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(signingSecret).sign(id, at, body),
    },
  };
}

describe('client.webhooks', () => {
  it('unwraps every event type the library signs into the typed event', async () => {
    for (const type of ['assessment.completed', 'subject.deleted']) {
      const { body, headers } = await signedExample(type);
      const event: WebhookEvent | UnknownWebhookEvent = await client.webhooks.unwrap(body, headers, {
        secret,
      });
      expect(event).toEqual(JSON.parse(body));
      if (event instanceof UnknownWebhookEvent) throw new Error(`${type} came back unknown`);
      if (event.type === 'assessment.completed')
        expect(event.data.object.object).toBe('assessment'); // narrows by type
      else expect(event.data.object.deleted).toBe(true);
    }
  });

  it('accepts fetch Headers, any header case, a byte body, and the secret from the environment', async () => {
    const { body, headers } = await signedExample('assessment.completed');
    await expect(
      client.webhooks.verify(new TextEncoder().encode(body), new Headers(headers), { secret }),
    ).resolves.toBeUndefined();
    const shouting = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    process.env.ASSESSMENT_SERVICE_WEBHOOK_SECRET = secret;
    try {
      await expect(client.webhooks.unwrap(body, shouting)).resolves.toMatchObject({
        type: 'assessment.completed',
      });
    } finally {
      delete process.env.ASSESSMENT_SERVICE_WEBHOOK_SECRET;
    }
  });

  it('accepts a delivery signed during a rotation when any one signature matches (what the service sends)', async () => {
    const { body, headers } = await signedExample('subject.deleted');
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    const both = signatureHeader(
      [other, secret],
      'whsec_',
      headers['webhook-id'],
      Number(headers['webhook-timestamp']),
      body,
    );
    expect(both.split(' ')).toHaveLength(2);
    await expect(
      client.webhooks.unwrap(body, { ...headers, 'webhook-signature': both }, { secret }),
    ).resolves.toMatchObject({ type: 'subject.deleted' });
    await expect(
      client.webhooks.unwrap(body, { ...headers, 'webhook-signature': both }, { secret: other }),
    ).resolves.toMatchObject({ type: 'subject.deleted' });
  });

  it('refuses a wrong secret, an altered body, a changed id and missing headers with WebhookSignatureError', async () => {
    const { body, headers } = await signedExample('assessment.completed');
    const wrong = `whsec_${randomBytes(24).toString('base64')}`;
    await expect(client.webhooks.unwrap(body, headers, { secret: wrong })).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(
      client.webhooks.unwrap(body.replace('"livemode":false', '"livemode":true'), headers, { secret }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      client.webhooks.unwrap(body, { ...headers, 'webhook-id': 'evt_other' }, { secret }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      client.webhooks.unwrap(body, { ...headers, 'webhook-signature': 'v1,not base64!' }, { secret }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      client.webhooks.unwrap(body, { 'webhook-id': headers['webhook-id'] }, { secret }),
    ).rejects.toThrow(/Missing webhook-timestamp, webhook-signature header/);
    await expect(client.webhooks.unwrap(body, headers, { secret })).resolves.toBeDefined();
  });

  it('refuses a timestamp outside the 5-minute tolerance (a replay) with WebhookTimestampError', async () => {
    const old = await signedExample('assessment.completed', new Date(Date.now() - 301_000));
    await expect(client.webhooks.unwrap(old.body, old.headers, { secret })).rejects.toThrow(
      WebhookTimestampError,
    );
    const future = await signedExample('assessment.completed', new Date(Date.now() + 301_000));
    await expect(client.webhooks.verify(future.body, future.headers, { secret })).rejects.toThrow(
      WebhookTimestampError,
    );
    const edge = await signedExample('assessment.completed', new Date(Date.now() - 290_000));
    await expect(client.webhooks.verify(edge.body, edge.headers, { secret })).resolves.toBeUndefined();
    await expect(
      client.webhooks.verify(edge.body, { ...edge.headers, 'webhook-timestamp': 'yesterday' }, { secret }),
    ).rejects.toThrow(WebhookTimestampError);
  });

  it('returns a signed event of a type added after this client as an UnknownWebhookEvent (never a throw), logged without the secret', async () => {
    const lines: string[] = [];
    const record = (message: string, ...details: unknown[]) =>
      void lines.push(JSON.stringify([message, ...details]));
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const logged = new AssessmentServiceClient({
      apiKey: `test_sk_${'a'.repeat(32)}`,
      logger,
      logLevel: 'debug',
    });
    const at = new Date();
    const payload = {
      id: 'evt_new',
      object: 'event',
      type: 'subject.renamed',
      created_at: at.toISOString(),
      livemode: false,
      data: { object: { id: 'subj_1', name: 'x' } },
    };
    const body = JSON.stringify(payload);
    const headers = {
      'webhook-id': 'evt_new',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('evt_new', at, body),
    };
    const event = await logged.webhooks.unwrap(body, headers, { secret });
    expect(event).toBeInstanceOf(UnknownWebhookEvent);
    if (!(event instanceof UnknownWebhookEvent)) throw new Error('narrowing');
    expect(event.unknown).toBe(true);
    expect(event.type).toBe('subject.renamed');
    expect(event.payload).toEqual(payload);
    expect(lines.join('\n')).toMatch(/subject\.renamed.*UnknownWebhookEvent/);
    expect(lines.join('\n')).not.toContain(secret.slice('whsec_'.length));
    // Still verified: the same unknown event with a bad signature is refused.
    await expect(
      logged.webhooks.unwrap(
        body,
        {
          ...headers,
          'webhook-signature': new Webhook(`whsec_${randomBytes(24).toString('base64')}`).sign(
            'evt_new',
            at,
            body,
          ),
        },
        { secret },
      ),
    ).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a signed body that is not an event object with WebhookPayloadError', async () => {
    const at = new Date();
    for (const body of ['not json', '[1,2]', '{"id":"evt_1"}', '{"id":"evt_1","type":7}']) {
      const headers = {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign('evt_1', at, body),
      };
      const error = await client.webhooks
        .unwrap(body, headers, { secret })
        .catch((caught: unknown) => caught);
      expect(error, body).toBeInstanceOf(WebhookPayloadError);
      expect(error).toBeInstanceOf(WebhookVerificationError);
    }
  });

  it('says how to give it a secret when none is set', async () => {
    const { body, headers } = await signedExample('assessment.completed');
    await expect(client.webhooks.verify(body, headers)).rejects.toThrow(/ASSESSMENT_SERVICE_WEBHOOK_SECRET/);
  });
});
