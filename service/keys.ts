/**
 * API keys: `<env>_<type>_<32 characters>`. Only a sha256 hash is stored; a presented key is
 * looked up by its hash and then compared in constant time. Raw keys exist only in the
 * moment they are created and shown once.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { KEY_PATTERN, KEY_PREFIXES, SCOPES } from '../generated/server/index.js';
import { isPromise, type Awaitable } from './awaitable.js';
import { newId, randomToken } from './ids.js';
import type { Environment, KeyRecord, KeyType, KeyWithAccount, Store, StoreData } from './store/store.js';

const KEY_FORMAT = new RegExp(KEY_PATTERN ?? '^(test|live)_(pk|sk)_[A-Za-z0-9]{32}$');

/** What is wrong with a key's name, by the dashboard's contract (spec/dashboard.yaml, Key.name: at most 100 characters, no control characters), or undefined. */
export function keyNameProblem(name: string): string | undefined {
  if (name.length > 100) return `a key's name has at most 100 characters; this one has ${name.length}`;

  if (/[\x00-\x1F\x7F]/.test(name)) return "a key's name has no control characters (tabs, newlines, escapes)";
  return undefined;
}

/** Anything after a key's prefix, to its end: a key, or the most of one a client may have sent. */
const KEY_IN_TEXT = new RegExp(`(${KEY_PREFIXES.map((known) => known.prefix).join('|')})[A-Za-z0-9]+`, 'g');

/** The text with every key in it cut to its prefix (`test_sk_…`): for what is logged of a request (a key pasted into a URL). */
export function redactKeys(text: string): string {
  return text.replace(KEY_IN_TEXT, '$1…');
}

/**
 * The key's sha256 as a string of 32 latin1 characters, one per byte: what the key caches are keyed
 * by, made in one call (one-shot, no Hash object; Node's one-shot digest into a Buffer takes a
 * slower path, and a Buffer would then be turned into a string for the cache's map).
 */
export const keyDigest = (rawKey: string): string => hash('sha256', rawKey, 'binary');

/** The key's sha256 as the bytes the database stores. */
export function hashKey(rawKey: string): Buffer {
  return Buffer.from(keyDigest(rawKey), 'latin1');
}

/** Whether a text has the form of a key (it may still be unknown or revoked). */
export const isWellFormedKey = (text: string): boolean => KEY_FORMAT.test(text);

/** The environment and type a well-formed key claims, or undefined for a malformed one. */
export function parseKey(rawKey: string): { environment: Environment; type: KeyType } | undefined {
  if (!KEY_FORMAT.test(rawKey)) return undefined;
  // The first two `_`-separated parts, without splitting the whole key (on every request).
  const first = rawKey.indexOf('_');
  const second = rawKey.indexOf('_', first + 1);
  return {
    environment: rawKey.slice(0, first) as Environment,
    type: rawKey.slice(first + 1, second === -1 ? undefined : second) as KeyType,
  };
}

/** The stored key a presented raw key belongs to, if it is well-formed, known and not revoked. */
export async function verifyKey(store: StoreData, rawKey: string): Promise<KeyRecord | undefined> {
  if (!isWellFormedKey(rawKey)) return undefined;
  const digest = keyDigest(rawKey);
  const key = await store.findKeyByHash(Buffer.from(digest, 'latin1'));
  return key && isValidFor(key, rawKey, digest) ? key : undefined;
}

/**
 * verifyKey and the key's account tier, read together (one round trip on PostgreSQL): what a
 * request needs before its rate limits. An account that is gone counts as tier 0.
 */
export function authenticateKey(
  store: StoreData,
  rawKey: string,
  /** The caller has matched the key against the format already (security.ts): not matched twice. */
  wellFormed = false,
): Awaitable<{ key: KeyRecord; tier: number } | undefined> {
  // Checked and hashed on every request, never remembered by raw value: raw keys are not kept,
  // not even as the keys of a map in memory (the sha256 is about 1 µs of a request's ~30).
  if (!wellFormed && !isWellFormedKey(rawKey)) return undefined;
  const digest = keyDigest(rawKey);
  // At once when the key cache holds the key (awaitable.ts), without a closure.
  const found = store.findKeyWithAccount(digest);
  if (isPromise(found)) return found.then((known) => admitted(known, rawKey, digest));
  return admitted(found, rawKey, digest);
}

function admitted(
  found: KeyWithAccount | undefined,
  rawKey: string,
  digest: string,
): { key: KeyRecord; tier: number } | undefined {
  if (!found || !isValidFor(found.key, rawKey, digest)) return undefined;
  return { key: found.key, tier: found.account?.tier ?? 0 };
}

/**
 * The presented digest's bytes, for the constant-time comparison: written and compared in one
 * synchronous step (nothing else can write it in between), so no Buffer is made per request.
 */
const PRESENTED = Buffer.alloc(32);

/** Whether a well-formed raw key with this digest is the stored key: the same hash, not revoked, and its prefix claims the key's environment and type. */
function isValidFor(key: KeyRecord, rawKey: string, digest: string): boolean {
  PRESENTED.write(digest, 0, 'latin1');
  return timingSafeEqual(key.hash, PRESENTED) && !key.revokedAt && claims(rawKey, key);
}

/**
 * Whether a well-formed raw key begins `<environment>_<type>_` with the key's environment and type
 * (what parseKey would read from it, without cutting the key into new strings per request; neither
 * part has a `_`: the database allows test/live and pk/sk).
 */
function claims(rawKey: string, key: KeyRecord): boolean {
  const { environment, type } = key;
  const typeAt = environment.length + 1;
  return (
    rawKey.startsWith(environment) &&
    rawKey.charCodeAt(environment.length) === UNDERSCORE &&
    rawKey.startsWith(type, typeAt) &&
    rawKey.charCodeAt(typeAt + type.length) === UNDERSCORE
  );
}
const UNDERSCORE = 0x5f;

/** Scopes that can be put on a key today (the spec's `mintable` scopes). */
export const MINTABLE_SCOPES: string[] = SCOPES.filter((scope) => scope.mintable).map((scope) => scope.name);

export class KeyError extends Error {}

export interface NewKey {
  environment: Environment;
  type: KeyType;
  scopes: string[];
  accountId: string;
  /** The tier of the account when this key creates it; an existing account's tier is never changed here (accounts set-tier does that). */
  tier?: number;
  name?: string;
}

/** Creates a key (and its account if new); returns the record and the raw key, shown once. */
export async function createKey(
  store: Store,
  request: NewKey,
  now: string,
): Promise<{ key: KeyRecord; rawKey: string }> {
  validateNewKey(request);
  return store.transaction((tx) => insertNewKey(tx, request, now));
}

function validateNewKey(request: NewKey): void {
  const unknown = request.scopes.filter((scope) => !SCOPES.some((declared) => declared.name === scope));
  if (unknown.length) throw new KeyError(`unknown scope(s): ${unknown.join(', ')}`);
  const unmintable = request.scopes.filter((scope) => !MINTABLE_SCOPES.includes(scope));
  if (unmintable.length)
    throw new KeyError(
      `scope(s) not available yet (their product has not launched): ${unmintable.join(', ')}`,
    );
  if (request.scopes.length === 0) throw new KeyError('a key needs at least one scope');
  if (request.tier !== undefined && ![0, 1, 2, 3].includes(request.tier))
    throw new KeyError('tier must be 0, 1, 2 or 3');
}

async function insertNewKey(
  tx: StoreData,
  request: NewKey,
  now: string,
): Promise<{ key: KeyRecord; rawKey: string }> {
  const account =
    (await tx.findAccount(request.accountId)) ??
    (await tx.createAccount(request.accountId, request.tier ?? 0, now));
  const rawKey = `${request.environment}_${request.type}_${randomToken(32)}`;
  const key: KeyRecord = {
    id: newId('key', 16),
    accountId: account.id,
    environment: request.environment,
    type: request.type,
    scopes: [...new Set(request.scopes)].sort(),
    hash: hashKey(rawKey),
    last4: rawKey.slice(-4),
    name: request.name ?? null,
    createdAt: now,
    revokedAt: null,
  };
  await tx.insertKey(key);
  return { key, rawKey };
}

/** A key by its ID or its raw value. */
export function findKey(store: StoreData, keyOrId: string): Promise<KeyRecord | undefined> {
  return keyOrId.startsWith('key_') ? store.findKeyById(keyOrId) : store.findKeyByHash(hashKey(keyOrId));
}

/** Revokes the key and issues a replacement with the same account, environment, type and scopes. */
export function rotateKey(
  store: Store,
  keyOrId: string,
  now: string,
): Promise<{ old: KeyRecord; key: KeyRecord; rawKey: string }> {
  return store.transaction(async (tx) => {
    const old = await findKey(tx, keyOrId);
    if (!old) throw new KeyError('no such key');
    if (old.revokedAt) throw new KeyError('that key is revoked; revoked keys cannot be rotated');
    await tx.revokeKey(old.id, now);
    const replacement = {
      environment: old.environment,
      type: old.type,
      scopes: old.scopes,
      accountId: old.accountId,
      name: old.name ?? undefined,
    };
    validateNewKey(replacement);
    return { old, ...(await insertNewKey(tx, replacement, now)) };
  });
}

export async function revokeKey(store: StoreData, keyOrId: string, now: string): Promise<KeyRecord> {
  const key = await findKey(store, keyOrId);
  if (!key) throw new KeyError('no such key');
  await store.revokeKey(key.id, now);
  return { ...key, revokedAt: key.revokedAt ?? now };
}
