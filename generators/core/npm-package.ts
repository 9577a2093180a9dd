/**
 * What every generated npm package's package.json and tsconfig.json share, so the packages (client,
 * TanStack Query hooks, MCP server) agree on the module format, the Node floor, the build and the
 * TypeScript that builds them; each package passes only what is its own.
 *
 *   jsonFile('client/package.json', packageJson({ name, version, description, exports, build }))
 *
 * (`jsonFile` is core/files.ts's, as for every generated JSON file.)
 */

/** TypeScript used to build the generated packages; the same version the toolkit pins. */
export const TYPESCRIPT_VERSION = '5.9.3';

export interface PackageManifest {
  name: string;
  version: string;
  description: string;
  /** Entry fields written before `exports`: `main`, `module`, `types`, or `bin`. */
  entryPoints?: Record<string, unknown>;
  /** The package's own exports; `./package.json` is added after them. */
  exports: Record<string, unknown>;
  /** Shipped beside `dist` and README.md. */
  extraFiles?: string[];
  /** Written as `sideEffects: false` (bundlers may drop unused modules). */
  sideEffectFree?: boolean;
  /** The build script; `prepack` runs it. */
  build: string;
  /** Scripts after `build` and `prepack`. */
  extraScripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional: boolean }>;
  /** Development dependencies beside TypeScript. */
  extraDevDependencies?: Record<string, string>;
}

/** A generated package's package.json: an ES module package for Node 20+, built by tsc on `prepack`. */
export function packageJson(manifest: PackageManifest): Record<string, unknown> {
  return {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    type: 'module',
    ...manifest.entryPoints,
    exports: { ...manifest.exports, './package.json': './package.json' },
    files: ['dist', 'README.md', ...(manifest.extraFiles ?? [])],
    ...(manifest.sideEffectFree ? { sideEffects: false } : {}),
    engines: { node: '>=20' },
    scripts: { build: manifest.build, prepack: 'npm run build', ...manifest.extraScripts },
    ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
    ...(manifest.peerDependencies ? { peerDependencies: manifest.peerDependencies } : {}),
    ...(manifest.peerDependenciesMeta ? { peerDependenciesMeta: manifest.peerDependenciesMeta } : {}),
    devDependencies: { typescript: TYPESCRIPT_VERSION, ...manifest.extraDevDependencies },
  };
}

/** A generated package's tsconfig.json: strict ES2022 over `src/`, NodeNext modules, declarations. */
export function tsconfigJson(options: {
  lib: string[];
  outDir: string;
  types: string[];
}): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: options.lib,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      declaration: true,
      sourceMap: false,
      outDir: options.outDir,
      rootDir: 'src',
      skipLibCheck: true,
      types: options.types,
    },
    include: ['src'],
  };
}
