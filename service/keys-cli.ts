/**
 * `npm run keys -- <command>`: the key admin CLI, on the same database as the service (DATABASE_URL or DATABASE_PATH).
 *   create --env test|live --type sk|pk --scopes nature:read,nature:write [--account ID] [--name TEXT]
 *   rotate KEY_OR_ID      revoke KEY_OR_ID      list
 * A raw key is printed once, as the last line; only its hash is stored.
 */
import { failCli, parseCliArgs } from '../scripts/lib/cli-args.js';
import type { Environment, KeyRecord, KeyType } from './store/store.js';

const USAGE = `usage: npm run keys -- create --env test|live --type sk|pk --scopes nature:read,nature:write [--account ID] [--name TEXT]
       npm run keys -- rotate KEY_OR_ID
       npm run keys -- revoke KEY_OR_ID
       npm run keys -- list`;

const describeKey = (key: KeyRecord) =>
  `${key.id}  ${key.environment}_${key.type}_…${key.last4}  account=${key.accountId}  scopes=${key.scopes.join(',')}  ${key.revokedAt ? `revoked ${key.revokedAt}` : 'active'}${key.name ? `  "${key.name}"` : ''}`;

function fail(message: string): never {
  return failCli('keys', message);
}

const { values, positionals } = parseCliArgs('keys', USAGE, {
  env: { type: 'string' },
  type: { type: 'string' },
  scopes: { type: 'string' },
  account: { type: 'string' },
  tier: { type: 'string' },
  name: { type: 'string' },
});
// The arguments first: --help and a bad option answer before the store and keys modules load (a CPU-second).
const { createKey, KeyError, keyNameProblem, revokeKey, rotateKey } = await import('./keys.js');
const { OPERATOR_ACCOUNT_ID } = await import('./ids.js');
const { openStoreOrExit } = await import('./store/open.js');
const [command, target] = positionals;
const now = new Date().toISOString();
const store = await openStoreOrExit('keys');
try {
  switch (command) {
    case 'create': {
      if (values.env !== 'test' && values.env !== 'live') fail('--env must be test or live');
      if (values.type !== 'sk' && values.type !== 'pk') fail('--type must be sk or pk');
      if (!values.scopes) fail('--scopes is required, e.g. --scopes nature:read,nature:write');
      // The tier is an account fact: creating a key once changed it silently for every key of the account.
      if (values.tier !== undefined)
        fail(
          `--tier no longer exists here: a key does not change its account's tier. Use \`npm run accounts -- set-tier ${values.account ?? 'ACCOUNT_ID'} ${values.tier}\` (or \`accounts -- create --id ID --tier N\` for a new account).`,
        );
      if (values.account !== undefined && !OPERATOR_ACCOUNT_ID.test(values.account))
        fail(
          `--account must be letters, digits, _ and - (at most 64); got ${JSON.stringify(values.account).slice(0, 80)}`,
        );
      const nameProblem = values.name === undefined ? undefined : keyNameProblem(values.name);
      if (nameProblem) fail(`--name: ${nameProblem}`);
      const { key, rawKey } = await createKey(
        store,
        {
          environment: values.env as Environment,
          type: values.type as KeyType,
          scopes: values.scopes
            .split(',')
            .map((scope) => scope.trim())
            .filter(Boolean),
          accountId: values.account ?? 'acct_default',
          name: values.name,
        },
        now,
      );
      console.log(`created ${describeKey(key)}`);
      console.log('the key is shown once; store it now:');
      console.log(rawKey);
      break;
    }
    case 'rotate': {
      if (!target) fail('rotate needs a key or key ID');
      const { old, key, rawKey } = await rotateKey(store, target, now);
      console.log(`revoked ${old.id}; created ${describeKey(key)}`);
      console.log('the key is shown once; store it now:');
      console.log(rawKey);
      break;
    }
    case 'revoke': {
      if (!target) fail('revoke needs a key or key ID');
      const key = await revokeKey(store, target, now);
      console.log(`revoked ${describeKey(key)} (irreversible)`);
      break;
    }
    case 'list':
      for (const key of await store.listKeys()) console.log(describeKey(key));
      break;
    default:
      fail(`unknown command ${command ?? '(none)'}\n${USAGE}`);
  }
} catch (error) {
  if (error instanceof KeyError) fail(error.message);
  throw error;
} finally {
  await store.close();
}
