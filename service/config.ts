/** Settings from the environment, with the defaults the README documents. */
import path from 'node:path';

export const DEFAULT_DATABASE_PATH = path.join('data', 'assessment.db');

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
}

export function servicePort(): number {
  return Number(process.env.PORT ?? 3000);
}
