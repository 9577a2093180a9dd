/**
 * `npm run accounts -- <command>`: the operator's account CLI, on the same database as the service
 * (DATABASE_URL or DATABASE_PATH).
 *   create [--id ID] [--tier 0-3] [--email ADDRESS]   an account; with --email also its dashboard
 *                                                        user, who sets a password through the reset mail
 *   list                                                 dashboard users, their accounts and tiers
 *   set-tier ACCOUNT_ID TIER                             effective on the next request; says old → new
 *   mail                                                 the dashboard's outbox (verification, reset)
 */
import { randomBytes } from 'node:crypto';
import { failCli, parseCliArgs } from '../scripts/lib/cli-args.js';

const USAGE = `usage: npm run accounts -- create [--id ID] [--tier 0-3] [--email ADDRESS]
       npm run accounts -- list
       npm run accounts -- set-tier ACCOUNT_ID TIER
       npm run accounts -- mail`;

function fail(message: string): never {
  return failCli('accounts', message);
}

const { values, positionals } = parseCliArgs('accounts', USAGE, {
  id: { type: 'string' },
  tier: { type: 'string' },
  email: { type: 'string' },
});

// The arguments first: --help and a bad option answer before the generated server, the store and the
// dashboard's modules load (a CPU-second).
const { RATE_LIMIT_TIERS } = await import('../generated/server/index.js');
const { changeTier, planOf, RecordingBillingProvider } = await import('./dashboard/api/billing.js');
const { queueMail } = await import('./dashboard/api/mail.js');
const { hashPassword } = await import('./dashboard/api/passwords.js');
const { newId, OPERATOR_ACCOUNT_ID } = await import('./ids.js');
const { openStoreOrExit } = await import('./store/open.js');

const limits = (tier: number) => {
  const row = RATE_LIMIT_TIERS.find((entry) => entry.tier === tier);
  return row
    ? `${row.plan}: ${row.perKey} requests/min per key, ${row.perAccount} per account`
    : 'unknown tier';
};

const parseTier = (value: string | undefined): number => {
  const tier = Number(value);
  if (value === undefined || !Number.isInteger(tier) || !RATE_LIMIT_TIERS.some((row) => row.tier === tier))
    fail(
      `the tier must be one of ${RATE_LIMIT_TIERS.map((row) => row.tier).join(', ')}; got ${value ?? 'nothing'}`,
    );
  return tier;
};

const [command, ...args] = positionals;
const nowMs = Date.now();
const now = new Date(nowMs).toISOString();
const store = await openStoreOrExit('accounts');
try {
  switch (command) {
    case 'create': {
      const id = values.id ?? newId('acct', 16);
      if (!OPERATOR_ACCOUNT_ID.test(id))
        fail(`--id must be letters, digits, _ and - (at most 64); got ${JSON.stringify(id).slice(0, 80)}`);
      const tier = values.tier === undefined ? 0 : parseTier(values.tier);
      if (await store.findAccount(id)) fail(`account ${id} exists; change its tier with set-tier`);
      if (values.email && !/^[^@\s]+@[^@\s]+$/.test(values.email))
        fail(`--email must be an e-mail address; got ${values.email}`);
      await store.transaction(async (tx) => {
        await tx.createAccount(id, tier, now);
        if (!values.email) return;
        // A random password nobody knows: the user chooses one through the reset mail.
        const user = {
          id: newId('user', 16),
          accountId: id,
          email: values.email,
          passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
          emailVerifiedAt: null,
          createdAt: now,
        };
        if (!(await tx.insertUser(user))) fail(`a dashboard user with the address ${values.email} exists`);
        await queueMail(tx, user, 'reset_password', nowMs);
      });
      console.log(
        `created account ${id}, tier ${tier} (${limits(tier)})${values.email ? `; user ${values.email} (a mail to set the password is in the outbox: npm run accounts -- mail)` : ''}`,
      );
      break;
    }
    case 'list': {
      // Every account (those made by `keys create` or without a dashboard user included), each with its users.
      const users = await store.listUsers();
      const accounts = await store.listAccounts();
      if (accounts.length === 0) console.log('no accounts');
      for (const account of accounts) {
        const own = users.filter((user) => user.accountId === account.id);
        const who =
          own.length === 0
            ? 'no dashboard user'
            : own
                .map((user) => `${user.email} (${user.emailVerifiedAt ? 'verified' : 'unverified'})`)
                .join(', ');
        console.log(
          `${account.id}  tier ${account.tier} (${planOf(account.tier)})  ${who}  since ${account.createdAt}`,
        );
      }
      break;
    }
    case 'set-tier': {
      const [accountId, value] = args;
      if (!accountId) fail(`set-tier needs an account ID and a tier\n${USAGE}`);
      const tier = parseTier(value);
      if (!(await store.findAccount(accountId))) fail(`no account ${accountId}`);
      const { fromTier, toTier } = await changeTier(
        store,
        new RecordingBillingProvider(store),
        accountId,
        tier,
        nowMs,
      );
      if (fromTier === toTier) {
        console.log(`${accountId}: already tier ${toTier} (${limits(toTier)}); nothing changed`);
      } else {
        console.log(`${accountId}: TIER CHANGED ${fromTier} → ${toTier}, effective on the next request`);
        console.log(`  was: tier ${fromTier} (${limits(fromTier)})`);
        console.log(`  now: tier ${toTier} (${limits(toTier)})`);
      }
      break;
    }
    case 'mail': {
      const mails = await store.listMail();
      if (mails.length === 0) console.log('the outbox is empty');
      for (const mail of mails)
        console.log(
          `#${mail.seq}  ${mail.createdAt}  to ${mail.recipient}  "${mail.subject}"\n  ${mail.body}`,
        );
      break;
    }
    default:
      fail(`unknown command ${command ?? '(none)'}\n${USAGE}`);
  }
} finally {
  await store.close();
}
