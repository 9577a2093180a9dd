/** The module resolution hooks of no-dev-dependencies.mjs. */
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).href;
const { devDependencies = {} } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
const DENIED = new Set(Object.keys(devDependencies));

/** "esbuild" of "esbuild/lib/main.js", "@scope/name" of "@scope/name/x"; undefined for paths, URLs and builtins. */
function packageName(specifier) {
  if (/^(\.|\/|[a-z]+:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function resolve(specifier, context, next) {
  const name = packageName(specifier);
  const parent = context.parentURL ?? '';
  const ours = parent.startsWith(ROOT) && !parent.includes('/node_modules/');
  if (name === 'esbuild' || (ours && DENIED.has(name))) {
    throw Object.assign(
      new Error(
        `Cannot find package '${name}' imported from ${parent}: it is a devDependency, not installed here`,
      ),
      { code: 'ERR_MODULE_NOT_FOUND' },
    );
  }
  return next(specifier, context);
}
