/**
 * The two renderings of a whole document that cost seconds on a large spec (openapi-typescript's
 * types; the contract as JSON and YAML, with the mock's copy), and the worker threads that run them beside the emitters. Plain
 * JavaScript, so a worker starts under any runner (tsx, vitest) without a TypeScript loader. Workers
 * stay up between generations (watch mode, the bench, tests), so their modules load once per
 * process. document-worker.ts is the only caller and says what a job is.
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
const openapiTypescript = once(() => import('openapi-typescript'));
const yamlPrinter = once(() => import('./yaml-printer.mjs'));
const yamlPackage = once(() => import('yaml'));

/**
 * The types' renderer changes the job's document (in a worker it is a copy, structured clone on the
 * way in; in-process, document-worker.ts copies it); the contract's only reads its documents, and
 * must not change them (in-process they are the caller's). Each loads its library when first used,
 * so a worker loads only what its jobs need.
 */
const renderers = {
  async types({ document, streamSchemas }) {
    const { default: openapiTS, astToString } = await openapiTypescript();
    for (const { at, schema } of streamSchemas) {
      const media = at.reduce(
        (node, key) => (node && typeof node === 'object' ? node[key] : undefined),
        document,
      );
      if (media && typeof media === 'object') media.schema = schema;
    }
    return astToString(await openapiTS(document, { silent: true }));
  },
  async contract({ document, withYaml, yamlMarker }) {
    const { printYaml, UnsupportedYamlValue, YAML_OPTIONS } = await yamlPrinter();
    let yaml;
    try {
      yaml = printYaml(document);
    } catch (error) {
      if (!(error instanceof UnsupportedYamlValue)) throw error;
      // Outside what the printer reproduces: `yaml` itself, the same bytes, slower.
      const { stringify } = await yamlPackage();
      yaml = stringify(document, YAML_OPTIONS);
    }
    const mock = JSON.stringify(withYaml, null, 2);
    // The marker's place takes the YAML: the same bytes as printing the YAML in place.
    const marker = JSON.stringify(yamlMarker);
    const at = mock.indexOf(marker);
    return {
      json: JSON.stringify(document, null, 2),
      yaml,
      mock: `${mock.slice(0, at)}${JSON.stringify(yaml)}${mock.slice(at + marker.length)}`,
    };
  },
};

/** What each kind of job loads before its first job: a worker started early loads it while the spec is parsed. */
const preloads = { types: openapiTypescript, contract: yamlPrinter };

/** One rendering: a text, or the contract's texts; a `preload` job loads the modules of its `of` kind and renders nothing. */
export async function render(job) {
  if (job.kind === 'preload') return void (await preloads[job.of]());
  return renderers[job.kind](job);
}

if (!isMainThread) {
  parentPort.on('message', async (job) => {
    try {
      parentPort.postMessage({ id: job.id, rendered: await render(job) });
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
