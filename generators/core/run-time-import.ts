/**
 * Imports a module named only at run time: a project's config and plugin files, generated code
 * (the round trip's client and stubs), this repository's home steps. contract-kit runs its own code
 * from a bundle (bin/bundle.mjs) with no TypeScript loader registered at its start, since tsx's
 * loader costs a round trip per module Node loads; the first such import registers tsx's then.
 * Under tsx or vitest a loader is there already and nothing is registered.
 */
import { typeScriptOnDemand } from '../../bin/bundle.mjs';

// Typed as `import()` of a computed name is: the caller knows the module's shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function importAtRunTime(specifier: string): Promise<any> {
  const register = typeScriptOnDemand();
  if (register) await register();
  const namespace = (await import(specifier)) as Record<string, unknown>;
  // A TypeScript file where package.json does not say "type": "module" is compiled to CommonJS;
  // imported after tsx registered late, it comes as { default: its exports } (__esModule marks
  // them), where tsx registered at start unwraps it. Either way the caller gets its exports.
  const exports = namespace.default as Record<string, unknown> | undefined;
  return exports && typeof exports === 'object' && exports.__esModule === true ? exports : namespace;
}
