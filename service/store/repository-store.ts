/**
 * The Store the service uses, assembled from the domain repositories (repositories/*.ts): each
 * Store method is its repository's method (`store.findSubjectShared` is
 * NatureRepository.findSubjectShared), except `store.findSubject`: the store's findSubjectShared,
 * its answer copied for the caller (nature.ts ownSubject), so a subject has one reader by id.
 * sqlite.ts and postgres.ts give it a Kysely database and their engine's specials.
 *
 * Transactions: `transaction(fn)` opens one Kysely transaction and hands fn a view of this store
 * whose repositories are built on it; everything fn does through that view commits or rolls back
 * together. The view inherits from the store object, so whatever is set on the store (a test that
 * patches a method) is seen inside transactions too.
 *
 * Closing the store writes what it holds for the database (write-behind.ts: meters and "last
 * used"; the engine's unspent rate-limit leases) before its connections go.
 */
import type { Engine } from './engine.js';
import type { MigrationReport } from './migrations.js';
import { DashboardRepository } from './repositories/dashboard.js';
import { KeysRepository } from './repositories/keys.js';
import { NatureRepository, ownSubject } from './repositories/nature.js';
import { RequestsRepository } from './repositories/requests.js';
import { UsageRepository } from './repositories/usage.js';
import { WebhooksRepository } from './repositories/webhooks.js';
import type { Db } from './schema.js';
import type { Awaitable } from '../awaitable.js';
import type { BucketLimit, RateDecision } from '../rate-limit.js';
import type { KeyWithAccount, Scope, Store, StoreData, SubjectRow, Transaction } from './store.js';
import { WriteBehind } from './write-behind.js';

/** How a store behaves beside its engine. */
export interface StoreOptions {
  /** How often the meters and "last used" times are written (write-behind.ts; USAGE_FLUSH_MS, 2 s by default). */
  flushMs?: number;
}

/** The repositories of one database or transaction, by domain. */
function repositoriesOn(db: Db, engine: Engine, writeBehind: WriteBehind) {
  return {
    keys: new KeysRepository(db, engine, writeBehind),
    nature: new NatureRepository(db, engine),
    requests: new RequestsRepository(db, engine),
    usage: new UsageRepository(db, writeBehind),
    webhooks: new WebhooksRepository(db, engine),
    dashboard: new DashboardRepository(db),
  };
}

type Repositories = ReturnType<typeof repositoriesOn>;

// The class's data methods are defined on its prototype below; the interface of the same name types them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RepositoryStore implements Store {
  readonly engine: string;
  /** The repositories this store's methods call (a transaction's view has its own). */
  readonly repositories: Repositories;
  /** The meters and "last used" times waiting to be written, shared by the store and its transactions' views. */
  protected readonly writeBehind: WriteBehind;

  constructor(
    protected db: Db,
    protected readonly specials: Engine,
    readonly migration: MigrationReport,
    options: StoreOptions = {},
  ) {
    this.engine = specials.name;
    this.writeBehind = new WriteBehind(db, options.flushMs);
    this.repositories = repositoriesOn(db, specials, this.writeBehind);
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this as unknown as Transaction); // nested: part of the outer one
    try {
      return await this.db.transaction().execute((trx) => fn(this.on(trx)));
    } catch (error) {
      this.specials.keyCache?.drop(); // what the rolled-back work cached is gone
      throw error;
    }
  }

  /** This store as seen inside the transaction trx. */
  private on(trx: Db): Transaction {
    return Object.create(this, {
      db: { value: trx },
      repositories: { value: repositoriesOn(trx, this.specials, this.writeBehind) },
      lock: { value: (name: string) => this.specials.lock(trx, name) },
    }) as Transaction;
  }

  // The methods every request calls, written out. The generic forwarders below are closures
  // of one function, so their property reads (`repositories[domain]`, `[name]`) and the spread of
  // their arguments share one site's feedback across every method: megamorphic lookups per call.
  findKeyWithAccount(digest: string): Awaitable<KeyWithAccount | undefined> {
    return this.repositories.keys.findKeyWithAccount(digest);
  }

  takeTokens(limits: BucketLimit[], nowMs: number): Awaitable<RateDecision> {
    return this.repositories.requests.takeTokens(limits, nowMs);
  }

  /**
   * The store's own findSubjectShared, copied: whatever replaces that method on the store (a test)
   * replaces this one's reads too, inside transactions as well.
   */
  findSubject(scope: Scope, id: string): Awaitable<SubjectRow | undefined> {
    return ownSubject(this.findSubjectShared(scope, id));
  }

  findSubjectShared(scope: Scope, id: string): Awaitable<Readonly<SubjectRow> | undefined> {
    return this.repositories.nature.findSubjectShared(scope, id);
  }

  private closing?: Promise<void>;

  /** Writes what is pending, then closes; a second call (two signals at shutdown) waits for the first. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.writeBehind.close();
      } finally {
        await this.specials.close?.().catch(() => undefined);
        await this.db.destroy();
      }
    })();
    return this.closing;
  }
}

/** The methods the class writes out (above), each its domain's method of that name. */
const WRITTEN_OUT = new Map<string, keyof Repositories>([
  ['findKeyWithAccount', 'keys'],
  ['takeTokens', 'requests'],
  ['findSubjectShared', 'nature'],
]);

// Every repository method becomes a Store method of the same name. Helpers inside repositories are
// module functions, never methods, so nothing else is exposed; two domains defining one name is a
// mistake caught when this module loads.
const DOMAINS: { [Domain in keyof Repositories]: { prototype: Repositories[Domain] } } = {
  keys: KeysRepository,
  nature: NatureRepository,
  requests: RequestsRepository,
  usage: UsageRepository,
  webhooks: WebhooksRepository,
  dashboard: DashboardRepository,
};
for (const [domain, repository] of Object.entries(DOMAINS) as Array<
  [keyof Repositories, { prototype: object }]
>) {
  for (const name of Object.getOwnPropertyNames(repository.prototype)) {
    if (name === 'constructor' || WRITTEN_OUT.get(name) === domain) continue;
    if (name in RepositoryStore.prototype)
      throw new Error(`store: ${domain} defines ${name}, which the store already has`);
    Object.defineProperty(RepositoryStore.prototype, name, {
      value: function (this: RepositoryStore, ...args: unknown[]) {
        const target = this.repositories[domain] as unknown as Record<
          string,
          (...args: unknown[]) => unknown
        >;
        return target[name](...args);
      },
      writable: true, // a test may replace a method on one store object
      configurable: true,
    });
  }
}

// The methods defined above, as the compiler sees them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface RepositoryStore extends StoreData {}
