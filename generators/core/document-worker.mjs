/**
 * The two renderings of a whole document that cost seconds on a large spec (openapi-typescript's
 * types, the contract as YAML), and the worker threads that run them beside the emitters. Plain
 * JavaScript, so a worker starts under any runner (tsx, vitest) without a TypeScript loader. Workers
 * stay up between generations (watch mode, the bench, tests), so their modules load once per
 * process. document-worker.ts is the only caller and says what a job is.
 */
import { isMainThread, parentPort } from 'node:worker_threads';

/**
 * Renderers may change the job's document: in a worker it is a copy (structured clone on the way
 * in). Each loads its library when first used, so a worker loads only what its jobs need.
 */
const renderers = {
  async types({ document, streamSchemas }) {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    for (const { at, schema } of streamSchemas) {
      const media = at.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), document);
      if (media && typeof media === 'object') media.schema = schema;
    }
    return astToString(await openapiTS(document, { silent: true }));
  },
  async yaml({ document, options }) {
    const { stringify } = await import('yaml');
    return stringify(document, options);
  },
};

/** One rendering, as text. */
export function render(job) {
  return renderers[job.kind](job);
}

if (!isMainThread) {
  parentPort.on('message', async (job) => {
    try {
      parentPort.postMessage({ id: job.id, text: await render(job) });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
