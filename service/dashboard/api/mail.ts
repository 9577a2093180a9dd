/**
 * Mail the dashboard sends (e-mail verification, password reset): there is no mail server in the
 * sandbox, so each goes to the store's outbox (`dashboard_mail`), which the operator reads with
 * `npm run accounts -- mail`. The one-use token travels in the link's fragment (after `#`), so it
 * never reaches a server log; only its sha256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MailTokenPurpose, StoreData, UserRecord } from '../../store/store.js';

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export async function queueMail(
  store: StoreData,
  user: UserRecord,
  purpose: MailTokenPurpose,
  nowMs: number,
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  await store.insertMailToken(
    sha256Hex(token),
    user.id,
    purpose,
    nowMs + (purpose === 'verify_email' ? VERIFY_TTL_MS : RESET_TTL_MS),
  );
  const verify = purpose === 'verify_email';
  const link = verify ? `/dashboard/verify-email#token=${token}` : `/dashboard/reset-password#token=${token}`;
  await store.insertMail({
    recipient: user.email,
    subject: verify ? 'Verify your e-mail address' : 'Reset your password',
    body: verify
      ? `Verify your e-mail address for the Assessment Service dashboard: open ${link} (valid 24 hours).`
      : `Someone asked to reset your dashboard password. To choose a new one, open ${link} (valid 1 hour). If it was not you, ignore this mail.`,
    createdAt: new Date(nowMs).toISOString(),
  });
}
