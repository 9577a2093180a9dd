/**
 * The one way browser tests get a Chromium: `CHROMIUM_PATH` (a binary you choose), else a
 * `chromium` on PATH (a system install), else the binary npm installed with `@sparticuz/chromium`,
 * so a bare machine needs nothing beyond `npm ci`. Every failure names the fix and the overrides.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
  /** Where the binary came from, for messages. */
  source: 'CHROMIUM_PATH' | 'PATH' | '@sparticuz/chromium';
}

const OVERRIDES = 'set CHROMIUM_PATH to a Chromium binary, or put a `chromium` on PATH';
// Flags for a desktop Chromium run headless in a test: no sandbox (CI runs as root), nothing
// fetched in the background.
const SYSTEM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .find(executable);
}

/** Which Chromium the browser tests will launch, and how. */
export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM_PATH) {
    if (!executable(env.CHROMIUM_PATH)) {
      throw new Error(
        `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file; point it at a Chromium binary, or unset it to use the one npm installs (@sparticuz/chromium)`,
      );
    }
    return { executablePath: env.CHROMIUM_PATH, args: SYSTEM_ARGS, source: 'CHROMIUM_PATH' };
  }
  const system = onPath('chromium', env.PATH);
  if (system) return { executablePath: system, args: SYSTEM_ARGS, source: 'PATH' };
  let sparticuz: { executablePath: () => Promise<string>; args: string[] };
  try {
    sparticuz = (await import('@sparticuz/chromium')).default;
  } catch (error) {
    throw new Error(
      `no Chromium: the npm package @sparticuz/chromium is not installed (${(error as Error).message.split('\n')[0]}); run \`npm ci\`, or ${OVERRIDES}`,
      { cause: error },
    );
  }
  try {
    // Unpacks the brotli-compressed binary into the temp folder once (about 3 s), then reuses it.
    return {
      executablePath: await sparticuz.executablePath(),
      args: sparticuz.args,
      source: '@sparticuz/chromium',
    };
  } catch (error) {
    throw new Error(
      `no Chromium: @sparticuz/chromium could not unpack its binary (${(error as Error).message.split('\n')[0]}); run \`npm ci\` again, or ${OVERRIDES}`,
      { cause: error },
    );
  }
}

/** Launches the chosen Chromium headless through playwright-core. */
export async function launchChromium(): Promise<Browser> {
  const choice = await chooseChromium();
  try {
    return await chromium.launch({
      executablePath: choice.executablePath,
      args: choice.args,
      headless: true,
    });
  } catch (error) {
    const fix =
      choice.source === '@sparticuz/chromium'
        ? `run \`npm ci\` again, or ${OVERRIDES}`
        : `unset ${choice.source === 'PATH' ? "PATH's chromium" : 'CHROMIUM_PATH'} to use the one npm installs (@sparticuz/chromium)`;
    throw new Error(
      `Chromium from ${choice.source} (${choice.executablePath}) did not launch: ${(error as Error).message.split('\n')[0]}; ${fix}`,
      { cause: error },
    );
  }
}
