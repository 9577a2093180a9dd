/**
 * Webhook signing interoperates with the independent `standardwebhooks` package both ways, and
 * endpoint secrets are sealed with the endpoint as associated data. Delivery over loopback is
 * test/integration/service/webhooks/delivery.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../../service/webhooks/secrets.js';
import { signatureHeader } from '../../../../service/webhooks/signing.js';

const box = new SecretBox(randomBytes(32));

describe('signing interoperates with standardwebhooks', () => {
  it('what we sign, the library verifies; what the library signs, we reproduce', () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'assessment.completed',
      data: { object: { n: 'é ✓' } },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const ours = signatureHeader([secret], 'whsec_', 'evt_1', timestamp, body);
    expect(
      new Webhook(secret).verify(body, {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': ours,
      }),
    ).toEqual(JSON.parse(body));
    expect(new Webhook(secret).sign('evt_1', new Date(timestamp * 1000), body)).toBe(ours);
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    expect(() =>
      new Webhook(other).verify(body, {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': ours,
      }),
    ).toThrow();
  });

  it('keeps secrets encrypted with the endpoint as associated data', () => {
    const sealed = box.seal('whsec_secret', 'we_a');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed, 'we_a')).toBe('whsec_secret');
    expect(() => box.open(sealed, 'we_b')).toThrow(/does not decrypt/);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'we_a')).toThrow(/does not decrypt/);
  });
});
