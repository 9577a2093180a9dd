/**
 * `node --import tsx --import ./test/support/no-dev-dependencies.mjs FILE`: runs FILE with every
 * devDependency of package.json unimportable from the repository's own code (esbuild from
 * anywhere), as on a machine that installed only the dependencies. tsx, loaded first, keeps its
 * own esbuild in its loader thread, which these hooks do not see.
 */
import { register } from 'node:module';

register('./no-dev-dependencies-hooks.mjs', import.meta.url);
