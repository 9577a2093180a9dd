/**
 * Endpoint signing secrets. Signing needs the secret itself (a hash would not do), so it is kept
 * encrypted: AES-256-GCM under a key that lives outside the database (WEBHOOK_ENCRYPTION_KEY,
 * or a 0600 key file beside the database), with the endpoint ID as associated data so a
 * ciphertext copied onto another endpoint does not decrypt. A stolen database alone reveals no
 * secret. The raw secret is shown once, when it is created.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databasePath } from '../config.js';

/** `whsec_` + base64 of 24 random bytes (Standard Webhooks: the part after the prefix is the HMAC key, base64). */
export function newWebhookSecret(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64')}`;
}

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook encryption key must be 32 bytes');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(secret: string, endpointId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(endpointId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(box: string, endpointId: string): string {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined)
      throw new Error(`endpoint ${endpointId}: its secret is not in a format this service reads`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new Error(
        `endpoint ${endpointId}: its secret does not decrypt with this encryption key (WEBHOOK_ENCRYPTION_KEY or the key file changed?)`,
      );
    }
  }
}

/** Keys for in-memory databases, one per process (their data dies with the process too). */
let memoryKey: Buffer | undefined;

/**
 * The encryption key: WEBHOOK_ENCRYPTION_KEY (base64 of 32 bytes) when set, otherwise the file
 * `webhook-encryption.key` beside the database, created (mode 0600) on first use. The service
 * and the CLI find the same key from the same environment.
 */
export function secretBox(env: NodeJS.ProcessEnv = process.env): SecretBox {
  if (env.WEBHOOK_ENCRYPTION_KEY) {
    const key = Buffer.from(env.WEBHOOK_ENCRYPTION_KEY, 'base64');
    if (key.length !== 32)
      throw new Error(
        'WEBHOOK_ENCRYPTION_KEY must be the base64 of 32 bytes (e.g. `openssl rand -base64 32`)',
      );
    return new SecretBox(key);
  }
  const database = databasePath(env);
  if (database === ':memory:') return new SecretBox((memoryKey ??= randomBytes(32)));
  const file = path.join(path.dirname(path.resolve(database)), 'webhook-encryption.key');
  if (!existsSync(file)) publishKeyFile(file);
  let key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  // Where the file was written in place (no hard links), a racing writer may not be done: wait a little.
  for (let waited = 0; key.length !== 32 && waited < 50; waited += 1) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
  if (key.length !== 32)
    throw new Error(`${file} must hold the base64 of 32 bytes; it holds ${key.length} bytes`);
  return new SecretBox(key);
}

/**
 * Creates the key file whole or not at all. Processes starting together on one database (a
 * cluster on one SQLite file, the CLI beside the service) race here: the key is written to a
 * private temporary file and linked into place, so a reader never sees a half-written file and
 * the first link wins (the others get EEXIST and read the winner's key). A file system without
 * hard links (some shared folders, FAT) gets the file written in place, `wx` so one writer wins.
 */
function publishKeyFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const content = `${randomBytes(32).toString('base64')}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP')
      writeInPlace(file, content);
    else if (code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

function writeInPlace(file: string, content: string): void {
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
