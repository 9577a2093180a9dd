/**
 * `contract-kit <command> [options]`: each command is one of the toolkit's scripts, run in this
 * process with its own arguments (`contract-kit lint --help` is `scripts/lint.ts --help`). The
 * commands work on the working folder: its contract-kit.config.ts (`contract-kit init` writes one)
 * and the documents it lists.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMMANDS } from '../scripts/lib/commands.js';
import { bundledEntry, CANNOT_WRITE, typeScriptOnDemand } from './bundle.mjs';
import { toolkitVersion } from '../scripts/lib/toolkit.js';

const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
const USAGE = [
  'usage: contract-kit <command> [options]   (contract-kit <command> --help for its options)',
  '',
  ...Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
  '',
  'The commands work on the working folder: its contract-kit.config.ts and the documents it lists.',
].join('\n');

const [name, ...args] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  console.log(USAGE);
} else if (name === '--version' || name === '-v') {
  console.log(toolkitVersion());
} else {
  const entry = Object.entries(COMMANDS).find(
    ([command, { aliases }]) => command === name || aliases?.includes(name),
  );
  if (!entry) {
    console.error(`contract-kit: unknown command "${name}"\n${USAGE}`);
    process.exit(2);
  }
  const script = fileURLToPath(new URL(entry[1].script, new URL('../scripts/lib/', import.meta.url)));
  // The script reads its own arguments from process.argv, as when it runs on its own; its usage
  // names the command as it was called (scripts/lib/cli-args.ts).
  process.argv = [process.argv[0], script, ...args];
  process.env.CONTRACT_KIT_COMMAND = entry[0];
  await import(await runnable(script));
}

/**
 * The command's script as this process runs it: from its own bundle when the launcher started this
 * one from a bundle (bin/contract-kit.mjs); as it is under tsx, or when its bundle cannot be
 * written (a package folder another user owns), with tsx's loader registered first.
 */
async function runnable(script: string): Promise<string> {
  const register = typeScriptOnDemand();
  if (!register) return script;
  try {
    return pathToFileURL(await bundledEntry(script)).href;
  } catch (error) {
    if (!CANNOT_WRITE.includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await register();
    return pathToFileURL(script).href;
  }
}
