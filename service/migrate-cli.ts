/**
 * `npm run migrate`: applies the migrations the database lacks (the service also does at
 * start-up) on DATABASE_URL or DATABASE_PATH, and says which.
 */
import { describeStore, openStoreOrExit } from './store/open.js';

// No options: anything given is a mistake, said before the database is touched.
if (process.argv.length > 2) {
  const asked = process.argv.slice(2);
  const help = asked.includes('--help') || asked.includes('-h');
  (help ? console.log : console.error)(
    `${help ? '' : `migrate: unexpected ${asked.join(' ')}\n`}usage: npm run migrate\n  Applies the migrations the database (DATABASE_URL, else DATABASE_PATH) lacks.`,
  );
  process.exit(help ? 0 : 2);
}
const store = await openStoreOrExit('migrate');
try {
  const { applied, version } = store.migration;
  for (const migration of applied)
    console.log(`applied ${String(migration.version).padStart(3, '0')}_${migration.name}`);
  console.log(
    `${describeStore()}: schema at version ${version}${applied.length === 0 ? ' (already current)' : ''}`,
  );
} finally {
  await store.close();
}
