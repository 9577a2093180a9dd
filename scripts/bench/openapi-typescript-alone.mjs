/**
 * The generation bench's baseline in a process of its own: openapi-typescript alone, as a project
 * using only it runs it, with nothing of our generators beside it in the heap or the JIT's
 * feedback. Each message `{ spec }` runs it once on that file and answers the milliseconds it
 * took, timed here (the message's round trip is not part of it).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

process.on('message', async ({ spec }) => {
  try {
    const started = performance.now();
    astToString(await openapiTS(pathToFileURL(path.resolve(spec)), { silent: true }));
    process.send({ ms: performance.now() - started });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});
