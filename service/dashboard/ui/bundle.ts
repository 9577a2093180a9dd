/**
 * Builds the dashboard's browser code (one ES module, Preact + htm) and its stylesheet with esbuild,
 * once per process, and names each by a hash of its bytes, so the pages can cache them forever
 * (`immutable`) and a new build is a new URL.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

const ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const STYLES = fileURLToPath(new URL('./styles.css', import.meta.url));

const hashed = (stem: string, extension: string, contentType: string, body: Buffer): Asset => ({
  name: `${stem}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.${extension}`,
  contentType,
  body,
});

async function buildAssets(): Promise<DashboardAssets> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const script = Buffer.from(result.outputFiles[0].contents);
  return {
    script: hashed('app', 'js', 'text/javascript; charset=utf-8', script),
    stylesheet: hashed('app', 'css', 'text/css; charset=utf-8', await readFile(STYLES)),
  };
}

let cached: Promise<DashboardAssets> | undefined;

/** The bundle, built on first use (about 100 ms) and shared by every app in the process. */
export function dashboardAssets(): Promise<DashboardAssets> {
  cached ??= buildAssets().catch((error: unknown) => {
    cached = undefined; // a failed build is retried by the next caller, not cached
    throw error;
  });
  return cached;
}
