/** What `scripts/cpu-by-process.ts` groups CPU time by. */

/**
 * A kind of process, from its command line: by the script a runner runs (tsx, vitest) first, then
 * by the program, so that an argument naming another tool (a path with "python" in it) does not
 * decide.
 */
export function processKind(command: string): string {
  const script =
    command.match(/--import \S*tsx\S* (\S+\.[mc]?ts)\b/) ?? command.match(/\/tsx\S* (\S+\.[mc]?ts)\b/);
  if (script) return `tsx ${script[1].replace(/^.*?\/(scripts|service|generators|test|bin)\//, '$1/')}`;
  if (/vitest\/dist\/workers/.test(command)) return 'vitest worker';
  if (/\/vitest\b/.test(command))
    return /contract-tests/.test(command) ? 'vitest (generated suites)' : 'vitest';
  const [program = '', first = ''] = command.split(' ');
  // A Node program is named by its script, anything else by its executable.
  const named = /(^|\/)node$/.test(program) ? first : program;
  if (/prism/.test(named)) return 'prism';
  if (/pyright/.test(named)) return 'pyright';
  if (/\/tsc$|typescript\/bin\/tsc/.test(named)) return 'tsc';
  if (/(^|\/)npm(-cli\.js)?$|\/npx$/.test(named)) return 'npm';
  if (/(^|\/)python[\d.]*$/.test(program)) return 'python';
  if (/chrom/.test(program)) return 'chromium';
  if (/(^|\/)postgres$/.test(program)) return 'postgres';
  if (/(^|\/)java$/.test(program)) return 'java';
  if (named === first) return `node ${first.slice(-60)}`;
  return program.slice(-40);
}
