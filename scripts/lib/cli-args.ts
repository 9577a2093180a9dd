/**
 * Arguments of the repository's commands (`npm run generate`, `check:breaking`, and the operator
 * CLIs `keys`, `accounts`, `webhooks`): `--help` prints the usage and exits 0; an option the command
 * does not know, or one without its value, is one line and the usage, exit 2, never Node's stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Each line of `message` behind `prefix`, as a command prints an error of several lines (an
 * UnsupportedSpecError holds one line per construct), so that every line says who printed it.
 */
export function prefixLines(prefix: string, message: string): string {
  return message
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

/** The CLI's one-line refusal on stderr, exit 2. */
export function failCli(name: string, message: string): never {
  console.error(`${name}: ${message}`);
  process.exit(2);
}

/** A spec the command cannot use, on stderr with the command's name before every line, exit 2. */
export function failOnSpec(name: string, message: string): never {
  console.error(prefixLines(`${name}: `, message));
  process.exit(2);
}

/**
 * The usage as the command was called: the scripts write `npm run NAME [-- …]`, which is how this
 * repository (and a project's package scripts) run them; through the toolkit's command line
 * (`npx contract-kit NAME`) it reads `contract-kit NAME [...]`.
 */
function asCalled(name: string, usage: string): string {
  if (process.env.CONTRACT_KIT_COMMAND !== name || process.env.npm_lifecycle_event === name) return usage;
  return usage
    .replaceAll(`npm run ${name} [-- `, `contract-kit ${name} [`)
    .replaceAll(`npm run ${name} -- `, `contract-kit ${name} `)
    .replaceAll(`npm run ${name}`, `contract-kit ${name}`);
}

export function parseCliArgs<Options extends NonNullable<ParseArgsConfig['options']>>(
  name: string,
  given: string,
  options: Options,
  allowPositionals = true,
) {
  const usage = asCalled(name, given);
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args, allowPositionals, options });
  } catch (error) {
    // Node's message, without its advice on `--` (these commands take no positional starting with '-').
    return failCli(
      name,
      `${(error as Error).message.replace(/ To specify a positional argument[\s\S]*$/, '')}\n${usage}`,
    );
  }
}
