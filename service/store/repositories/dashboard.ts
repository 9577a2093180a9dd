/** The dashboard's users, sessions, sign-in failures, mail tokens, mail outbox and billing records (store.ts DashboardData). */
import { billingRecordRow, sessionRow, toBillingRecord, toSession, toUser, userRow } from '../rows.js';
import type { Db } from '../schema.js';
import type {
  BillingRecord,
  DashboardData,
  MailRecord,
  MailTokenPurpose,
  SessionRecord,
  UserRecord,
} from '../store.js';

export class DashboardRepository implements DashboardData {
  constructor(private readonly db: Db) {}

  async insertUser(user: UserRecord): Promise<boolean> {
    const result = await this.db
      .insertInto('dashboard_users')
      .values(userRow(user))
      .onConflict((conflict) => conflict.column('email_lower').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('dashboard_users')
      .selectAll()
      .where('email_lower', '=', email.toLowerCase())
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findUserById(id: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('dashboard_users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async listUsers(): Promise<UserRecord[]> {
    return (
      await this.db.selectFrom('dashboard_users').selectAll().orderBy('created_at').orderBy('id').execute()
    ).map(toUser);
  }

  async setUserPassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('dashboard_users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
  }

  async setUserEmailVerified(id: string, at: string): Promise<void> {
    // The first verification's time stays.
    await this.db
      .updateTable('dashboard_users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)) }))
      .where('id', '=', id)
      .execute();
  }

  async insertSession(session: SessionRecord): Promise<void> {
    await this.db.insertInto('dashboard_sessions').values(sessionRow(session)).execute();
  }

  async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('dashboard_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async touchSession(tokenHash: string, lastSeenAtMs: number): Promise<void> {
    await this.db
      .updateTable('dashboard_sessions')
      .set({ last_seen_at_ms: lastSeenAtMs })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('dashboard_sessions').where('user_id', '=', userId).execute();
  }

  async recordSignInFailure(subjects: string[], atMs: number): Promise<number[]> {
    if (subjects.length === 0) return [];
    const rows = await this.db
      .insertInto('dashboard_signin_failures')
      .values(subjects.map((subject) => ({ subject, at_ms: atMs })))
      .returning('seq')
      .execute();
    return rows.map((row) => Number(row.seq));
  }

  async forgetSignInFailures(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.db.deleteFrom('dashboard_signin_failures').where('seq', 'in', seqs).execute();
  }

  async signInFailures(
    subject: string,
    sinceMs: number,
    upToSeq?: number,
  ): Promise<{ count: number; oldestAtMs: number | null }> {
    let query = this.db
      .selectFrom('dashboard_signin_failures')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('at_ms').as('oldest')])
      .where('subject', '=', subject)
      .where('at_ms', '>=', sinceMs);
    if (upToSeq !== undefined) query = query.where('seq', '<=', upToSeq);
    const row = await query.executeTakeFirstOrThrow();
    return {
      count: Number(row.n),
      oldestAtMs: row.oldest === null || row.oldest === undefined ? null : Number(row.oldest),
    };
  }

  async insertMailToken(
    tokenHash: string,
    userId: string,
    purpose: MailTokenPurpose,
    expiresAtMs: number,
  ): Promise<void> {
    await this.db
      .insertInto('dashboard_mail_tokens')
      .values({ token_hash: tokenHash, user_id: userId, purpose, expires_at_ms: expiresAtMs })
      .execute();
  }

  async consumeMailToken(
    tokenHash: string,
    purpose: MailTokenPurpose,
    nowMs: number,
  ): Promise<string | undefined> {
    // Deleted whether or not it has expired: a token is tried once.
    const row = await this.db
      .deleteFrom('dashboard_mail_tokens')
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .returning(['user_id', 'expires_at_ms'])
      .executeTakeFirst();
    return row && row.expires_at_ms > nowMs ? row.user_id : undefined;
  }

  async deleteUserMailTokens(userId: string, purpose: MailTokenPurpose): Promise<void> {
    await this.db
      .deleteFrom('dashboard_mail_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
  }

  async insertMail(mail: Omit<MailRecord, 'seq'>): Promise<void> {
    await this.db
      .insertInto('dashboard_mail')
      .values({
        recipient: mail.recipient,
        subject: mail.subject,
        body: mail.body,
        created_at: mail.createdAt,
      })
      .execute();
  }

  async listMail(): Promise<MailRecord[]> {
    const rows = await this.db.selectFrom('dashboard_mail').selectAll().orderBy('seq').execute();
    return rows.map((row) => ({
      seq: row.seq,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    }));
  }

  async insertBillingRecord(record: Omit<BillingRecord, 'seq'>): Promise<void> {
    await this.db.insertInto('billing_records').values(billingRecordRow(record)).execute();
  }

  async listBillingRecords(accountId: string): Promise<BillingRecord[]> {
    return (
      await this.db
        .selectFrom('billing_records')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('seq')
        .execute()
    ).map(toBillingRecord);
  }
}
