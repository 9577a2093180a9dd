/**
 * `npm run migrate`: applies the migrations the database lacks (the service also does at
 * start-up) on DATABASE_URL or DATABASE_PATH, and says which.
 */
import { describeStore, openStoreOrExit } from './store/open.js';

const store = await openStoreOrExit('migrate');
try {
  const { applied, version } = store.migration;
  for (const migration of applied) console.log(`applied ${String(migration.version).padStart(3, '0')}_${migration.name}`);
  console.log(`${describeStore()}: schema at version ${version}${applied.length === 0 ? ' (already current)' : ''}`);
} finally {
  await store.close();
}
