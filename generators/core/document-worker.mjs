/**
 * The two renderings of a whole document that cost seconds on a large spec (openapi-typescript's
 * types, the contract as YAML), and the worker thread that runs them beside the emitters. Plain
 * JavaScript, so the worker starts under any runner (tsx, vitest) without a TypeScript loader. It
 * stays up between generations (watch mode, the bench, tests), so its modules load once per
 * process. document-worker.ts is the only caller and says what a job is.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';
import { stringify } from 'yaml';

/** Renderers may change the job's document: in the worker it is a copy (structured clone on the way in). */
const renderers = {
  async types({ document, streamSchemas }) {
    for (const { at, schema } of streamSchemas) {
      const media = at.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), document);
      if (media && typeof media === 'object') media.schema = schema;
    }
    return astToString(await openapiTS(document, { silent: true }));
  },
  yaml({ document, options }) {
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
