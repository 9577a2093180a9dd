/**
 * The dashboard's browser code and stylesheet, built ahead of time by `npm run generate` into
 * generated/dashboard-ui/ (scripts/lib/dashboard-ui.ts; committed and drift-checked, so the
 * running service needs no bundler). Read once per process and named by a hash of their bytes,
 * so the pages can cache them forever (`immutable`) and a new build is a new URL.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface Asset {
  /** `app.<hash>.js`: the name the pages link to. */
  name: string;
  contentType: string;
  body: Buffer;
}

export interface DashboardAssets {
  script: Asset;
  stylesheet: Asset;
}

/** Where `npm run generate` writes the built UI. */
export const DASHBOARD_UI_FOLDER = fileURLToPath(new URL('../../generated/dashboard-ui/', import.meta.url));

const hashed = (stem: string, extension: string, contentType: string, body: Buffer): Asset => ({
  name: `${stem}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.${extension}`,
  contentType,
  body,
});

async function readBuilt(file: string): Promise<Buffer> {
  try {
    return await readFile(`${DASHBOARD_UI_FOLDER}${file}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `the dashboard's built UI is missing (generated/dashboard-ui/${file}): run \`npm run generate\``,
      { cause: error },
    );
  }
}

let cached: Promise<DashboardAssets> | undefined;

/** The built assets, read on first use and shared by every app in the process. */
export function dashboardAssets(): Promise<DashboardAssets> {
  cached ??= Promise.all([readBuilt('app.js'), readBuilt('app.css')]).then(
    ([script, stylesheet]) => ({
      script: hashed('app', 'js', 'text/javascript; charset=utf-8', script),
      stylesheet: hashed('app', 'css', 'text/css; charset=utf-8', stylesheet),
    }),
    (error: unknown) => {
      cached = undefined; // a failed read is retried by the next caller, not cached
      throw error;
    },
  );
  return cached;
}
