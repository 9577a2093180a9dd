/** The toolkit's own manifest: toolkit/package.json in this checkout, package.json in the installed package. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.js';

export const TOOLKIT_MANIFEST = [
  path.join(ROOT, 'toolkit', 'package.json'),
  path.join(ROOT, 'package.json'),
].find((file) => existsSync(file))!;

/** contract-kit's version, as its package.json says. */
export function toolkitVersion(): string {
  return (JSON.parse(readFileSync(TOOLKIT_MANIFEST, 'utf8')) as { version: string }).version;
}
