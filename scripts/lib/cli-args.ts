/**
 * Arguments of the repository's commands (`npm run generate`, `check:breaking`, and the operator
 * CLIs `keys`, `accounts`, `webhooks`): `--help` prints the usage and exits 0; an option the command
 * does not know, or one without its value, is one line and the usage, exit 2, never Node's stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { portIsFree } from './processes.js';

/** The CLI's one-line refusal on stderr, exit 2. */
export function failCli(name: string, message: string): never {
  console.error(`${name}: ${message}`);
  process.exit(2);
}

export function parseCliArgs<Options extends NonNullable<ParseArgsConfig['options']>>(name: string, usage: string, options: Options, allowPositionals = true) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args, allowPositionals, options });
  } catch (error) {
    // Node's message, without its advice on `--` (these commands take no positional starting with '-').
    return failCli(name, `${(error as Error).message.replace(/ To specify a positional argument[\s\S]*$/, '')}\n${usage}`);
  }
}

/**
 * Stops a command whose ports are taken, in one line naming the variable that moves each, exit 1:
 * before it starts anything (a server on the port would otherwise answer for ours, or a listen
 * would fail halfway, leaving the processes already started behind).
 */
export async function exitIfPortsTaken(name: string, host: string, ports: Array<{ port: number; variable: string }>): Promise<void> {
  const taken: string[] = [];
  for (const { port, variable } of ports) if (!(await portIsFree(port, host))) taken.push(`${host}:${port} is in use (set ${variable} to a free port)`);
  if (taken.length === 0) return;
  console.error(`${name}: ${taken.join('; ')}`);
  process.exit(1);
}
