/**
 * The two renderings of a whole document that cost seconds on a large spec (openapi-typescript's
 * types: types-rendering.mjs; the contract as JSON and YAML, with the mock's copy:
 * contract-rendering.mjs), and the worker threads that run them beside the emitters. Plain
 * JavaScript, so a worker starts under any runner (tsx, vitest) without a TypeScript loader. Workers
 * stay up between generations (watch mode, the bench, tests), so their modules load once per
 * process, and keep what a job rendered for the next job of the same spec. document-worker.ts is
 * the only caller and says what a job is.
 */
import { isMainThread, parentPort } from 'node:worker_threads';

/**
 * A module imported when first needed and kept: a dynamic import of a loaded module still asks
 * the module loader (under tsx, a round trip to its hooks thread), once per job otherwise.
 */
function once(load) {
  let loaded;
  return () => (loaded ??= load());
}
const typesRendering = once(() => import('./types-rendering.mjs'));
const contractRendering = once(() => import('./contract-rendering.mjs'));

/**
 * What a job of each kind left for the next one of the same `reuse` key (the dev loop's spec): the
 * document it rendered and each unit's text, so that the next job re-renders only the units that
 * changed. A job without `reuse` keeps nothing. A few keys per thread; the oldest is forgotten.
 */
const states = { types: new Map(), contract: new Map() };
const STATES_KEPT = 2;

/**
 * The types' renderer changes the job's document (in a worker it is a copy, structured clone on the
 * way in); the contract's only reads its documents, and must not change them (in-process they are
 * the caller's). Each loads its modules when first used, so a worker loads only what its jobs need.
 */
const renderers = {
  async types(job, previous) {
    const { renderTypesIncrementally } = await typesRendering();
    const { text, state, stats } = await renderTypesIncrementally(job, previous);
    return { rendered: text, state, stats };
  },
  async contract(job, previous) {
    const { renderContractIncrementally } = await contractRendering();
    return renderContractIncrementally(job, previous);
  },
};

/** What each kind of job loads before its first job: a worker started early loads it while the spec is parsed. */
const preloads = { types: typesRendering, contract: contractRendering };

/**
 * One rendering: a text, or the contract's texts; a `preload` job loads the modules of its `of` kind
 * and renders nothing. `stats` (optional) receives how many units the document has and which were
 * rendered (the rest were reused).
 */
export async function render(job, stats) {
  if (job.kind === 'preload') return void (await preloads[job.of]());
  const kept = states[job.kind];
  const previous = job.reuse === undefined ? undefined : kept.get(job.reuse);
  const { rendered, state, stats: counted } = await renderers[job.kind](job, previous);
  if (stats && counted) Object.assign(stats, counted);
  if (job.reuse !== undefined) {
    kept.delete(job.reuse);
    if (state) kept.set(job.reuse, state);
    for (const key of kept.keys()) if (kept.size > STATES_KEPT) kept.delete(key);
  }
  return rendered;
}

if (!isMainThread) {
  parentPort.on('message', async (job) => {
    try {
      const stats = {};
      parentPort.postMessage({ id: job.id, rendered: await render(job, stats), stats });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
