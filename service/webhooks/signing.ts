/**
 * Standard Webhooks signing: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the
 * base64-decoded part of each `whsec_` secret; one signature per secret, space-separated, while
 * a rotation overlaps.
 */
import { createHmac } from 'node:crypto';

export function signatureFor(
  secret: string,
  prefix: string,
  id: string,
  timestamp: number,
  body: string,
): string {
  const key = Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function signatureHeader(
  secrets: string[],
  prefix: string,
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => signatureFor(secret, prefix, id, timestamp, body)).join(' ');
}
