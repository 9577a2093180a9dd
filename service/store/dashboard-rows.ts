/** The dashboard's tables as rows, mapped to records the same way on both engines. */
import type { BillingRecord, SessionRecord, UserRecord } from './store.js';

export interface UserDbRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  created_at: string;
}

export const toUser = (row: UserDbRow | undefined): UserRecord | undefined =>
  row && { id: row.id, accountId: row.account_id, email: row.email, passwordHash: row.password_hash, emailVerifiedAt: row.email_verified_at, createdAt: row.created_at };

export interface SessionDbRow {
  token_hash: string;
  user_id: string;
  csrf_token: string;
  created_at_ms: number;
  last_seen_at_ms: number;
}

export const toSession = (row: SessionDbRow | undefined): SessionRecord | undefined =>
  row && { tokenHash: row.token_hash, userId: row.user_id, csrfToken: row.csrf_token, createdAtMs: row.created_at_ms, lastSeenAtMs: row.last_seen_at_ms };

export interface BillingDbRow {
  seq: number;
  account_id: string;
  kind: BillingRecord['kind'];
  payload_json: string;
  created_at: string;
}

export const toBillingRecord = (row: BillingDbRow): BillingRecord => ({ seq: row.seq, accountId: row.account_id, kind: row.kind, payload: JSON.parse(row.payload_json), createdAt: row.created_at });

