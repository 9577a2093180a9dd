/** What `scripts/cpu-by-process.ts` groups CPU time by. */

/** A kind of process, from its command line. */
export function processKind(command: string): string {
  if (/prism/.test(command)) return 'prism';
  if (/chrom/.test(command)) return 'chromium';
  if (/postgres/.test(command)) return 'postgres';
  if (/pyright/.test(command)) return 'pyright';
  if (/python/.test(command)) return 'python';
  if (/\bjava\b/.test(command)) return 'java';
  if (/\/tsc\b|typescript\/bin\/tsc/.test(command)) return 'tsc';
  if (/vitest\/dist\/workers/.test(command)) return 'vitest worker';
  if (/vitest/.test(command)) return /contract-tests/.test(command) ? 'vitest (generated suites)' : 'vitest';
  const script =
    command.match(/--import \S*tsx\S* (\S+\.[mc]?ts)\b/) ?? command.match(/tsx\S* (\S+\.[mc]?ts)\b/);
  if (script) return `tsx ${script[1].replace(/^.*?\/(scripts|service|generators|test|bin)\//, '$1/')}`;
  if (/\bnpm\b/.test(command)) return 'npm';
  if (/\bnode\b/.test(command)) return `node ${command.split(' ').slice(1, 2).join(' ').slice(-60)}`;
  return command.split(' ')[0].slice(-40);
}
