#!/usr/bin/env node
/**
 * contract-kit's command line. The toolkit ships as TypeScript: a command runs from an esbuild
 * bundle of its code (bin/bundle.mjs, built on first use into the package's .cache/ and again
 * when a file changes), in this process, with tsx's loader registered only when it first imports
 * a TypeScript file named at run time (a project's config and plugins, generated code). Through
 * tsx's loader from the start, every one of the toolkit's modules cost a round trip to the
 * loader's thread: about 0.4 CPU-s a command. Why TypeScript, not compiled JavaScript: docs/toolkit.md.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledEntry, CANNOT_WRITE, registerTypeScriptOnDemand } from './bundle.mjs';

const COMMANDS = fileURLToPath(new URL('./commands.ts', import.meta.url));

let bundle;
try {
  bundle = await bundledEntry(COMMANDS);
} catch (error) {
  // A package folder this user cannot write (installed globally by root): no bundle, tsx's loader as before.
  if (!CANNOT_WRITE.includes(error?.code)) throw error;
}

if (bundle) {
  // An error's stack names the toolkit's files and lines, not the bundle's (bin/bundle.mjs writes the map).
  process.setSourceMapsEnabled(true);
  registerTypeScriptOnDemand();
  await import(pathToFileURL(bundle).href);
} else {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), COMMANDS, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the whole process group, the command included, which stops its servers and exits;
  // a signal sent to this process alone is passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
