/**
 * The SQLite store's cache of single-row reads (engines/sqlite/read-cache.ts): a read answers what
 * the database holds at that moment, whoever changed it: this store (inside or outside a
 * transaction, committed or rolled back) or another connection to the file (the keys CLI, an
 * operator's shell), which the next read sees at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../../service/store/sqlite.js';
import type { Scope } from '../../../../service/store/store.js';

const SCOPE: Scope = { accountId: 'acct_reads', environment: 'test' };
const NOW = '2026-11-21T10:00:00Z';
const subject = (id: string) => ({
  id,
  createdAt: NOW,
  consentArtifact: { consent_text_version: '2026-01' },
  metadata: { n: '1' },
});

describe('single-row reads on SQLite', () => {
  let dir: string;
  let store: SqliteStore;
  let operator: Database.Database;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-cache-'));
    const file = path.join(dir, 'service.db');
    store = new SqliteStore(file);
    operator = new Database(file);
    operator.pragma('busy_timeout = 5000');
  });
  afterAll(async () => {
    operator?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("see another connection's commit on the very next read", async () => {
    await store.insertSubject(SCOPE, subject('subj_operator'));
    expect((await store.findSubject(SCOPE, 'subj_operator'))?.metadata).toEqual({ n: '1' });
    expect((await store.findSubject(SCOPE, 'subj_operator'))?.metadata).toEqual({ n: '1' }); // answered without SQLite
    operator.prepare('UPDATE subjects SET metadata = \'{"n":"2"}\' WHERE id = ?').run('subj_operator');
    expect((await store.findSubject(SCOPE, 'subj_operator'))?.metadata).toEqual({ n: '2' });
    operator.prepare('DELETE FROM subjects WHERE id = ?').run('subj_operator');
    expect(await store.findSubject(SCOPE, 'subj_operator')).toBeUndefined();
  });

  it("see this store's own writes, outside and inside transactions", async () => {
    expect(await store.findSubject(SCOPE, 'subj_own')).toBeUndefined(); // an absence is an answer too
    await store.insertSubject(SCOPE, subject('subj_own'));
    expect((await store.findSubject(SCOPE, 'subj_own'))?.id).toBe('subj_own');
    await store.transaction(async (tx) => {
      await tx.deleteSubject(SCOPE, 'subj_own');
    });
    expect(await store.findSubject(SCOPE, 'subj_own')).toBeUndefined();
  });

  it('keep nothing a rolled-back transaction wrote', async () => {
    await store.insertSubject(SCOPE, subject('subj_kept'));
    expect((await store.findSubject(SCOPE, 'subj_kept'))?.id).toBe('subj_kept');
    await expect(
      store.transaction(async (tx) => {
        await tx.deleteSubject(SCOPE, 'subj_kept');
        expect(await tx.findSubject(SCOPE, 'subj_kept')).toBeUndefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await store.findSubject(SCOPE, 'subj_kept'))?.id).toBe('subj_kept');
  });

  it('give each reader its own record', async () => {
    await store.insertSubject(SCOPE, subject('subj_shared'));
    const first = await store.findSubject(SCOPE, 'subj_shared');
    first!.metadata.n = 'changed by a caller';
    expect((await store.findSubject(SCOPE, 'subj_shared'))?.metadata).toEqual({ n: '1' });
  });

  it("give readers that only look one frozen record, which a change to it, or to a reader's own copy, leaves alone", async () => {
    await store.insertSubject(SCOPE, subject('subj_looked'));
    const looked = await store.findSubjectShared(SCOPE, 'subj_looked');
    expect(looked).toMatchObject({ id: 'subj_looked', metadata: { n: '1' } });
    expect(await store.findSubjectShared(SCOPE, 'subj_looked')).toBe(looked); // the row was cached: one record
    expect(Object.isFrozen(looked) && Object.isFrozen(looked!.metadata)).toBe(true);
    expect(() => {
      (looked!.metadata as Record<string, string>).n = 'changed';
    }).toThrow(TypeError);
    const own = await store.findSubject(SCOPE, 'subj_looked');
    own!.metadata.n = 'changed by a caller';
    expect((await store.findSubjectShared(SCOPE, 'subj_looked'))?.metadata).toEqual({ n: '1' });
    expect(await store.findSubjectShared({ ...SCOPE, environment: 'live' }, 'subj_looked')).toBeUndefined();
    operator.prepare('UPDATE subjects SET metadata = \'{"n":"3"}\' WHERE id = ?').run('subj_looked');
    expect((await store.findSubjectShared(SCOPE, 'subj_looked'))?.metadata).toEqual({ n: '3' });
  });
});
