#!/usr/bin/env node
/**
 * contract-kit's command line. The toolkit ships as TypeScript and runs through tsx (a dependency):
 * this launcher starts Node once more with tsx's loader and bin/commands.ts, as `tsx` itself does,
 * so a project's contract-kit.config.ts and plugin files load the same way whether the project's
 * package.json says "type": "module" or not. Why TypeScript, not compiled JavaScript: docs/toolkit.md.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const child = spawn(
  process.execPath,
  [
    '--import',
    import.meta.resolve('tsx'),
    fileURLToPath(new URL('./commands.ts', import.meta.url)),
    ...process.argv.slice(2),
  ],
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
