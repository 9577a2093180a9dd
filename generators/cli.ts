/**
 * `npm run generate [-- --spec PATH --out DIR]`: load the spec, build the IR once, run every
 * emitter, write the files. Prints one line per step with its time; on a bad document prints
 * file, JSON pointer and reason and exits non-zero.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_OUT, DEFAULT_SPEC, generate, regenerateCommand } from './pipeline.js';
import { SpecError } from './core/load.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      spec: { type: 'string', default: DEFAULT_SPEC },
      out: { type: 'string', default: DEFAULT_OUT },
      'dry-run': { type: 'boolean', default: false },
      /** Also run openapi-generator for the languages in generators/emitters/sdks/sdks.json (needs Java). */
      sdks: { type: 'boolean', default: false },
      /** Leave out the SDKs (the default; kept so older scripts still work). */
      'skip-sdks': { type: 'boolean', default: false },
    },
  });
  const spec = values.spec!;
  const out = values.out!;
  const result = await generate({ spec, out, command: regenerateCommand(spec, out), write: !values['dry-run'], skip: values['skip-sdks'] ? ['sdks'] : [], include: values.sdks ? ['sdks'] : [], log: (line) => console.log(line) });
  for (const warning of result.warnings) console.warn(`warning: ${warning}`);
}

main().catch((error: unknown) => {
  if (error instanceof SpecError) {
    console.error(`error: ${error.file}#${error.pointer || '/'}: ${error.reason}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exitCode = 1;
});
