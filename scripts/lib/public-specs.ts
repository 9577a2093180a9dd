import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampledSpec } from './spec-sample.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The public specs of the test corpus, installed from npm, plus our own fixture: the generators,
 * the round trip and the contract suites are all held to this one list. `slug` names a spec on the
 * command line (`npm run test:contract:public -- github`) and in cache folders; `title` is for people.
 */
export interface PublicSpec {
  slug: string;
  title: string;
  spec: string;
  /** Fewer operations than this means the loader lost some; 1 unless the spec has no paths. */
  minOperations?: number;
}

/** GitHub's whole spec (13 MB, 1,2xx operations): what proves scale, in `npm run bench` (generate, scale). */
export const GITHUB_SPEC = 'node_modules/@octokit/openapi/generated/api.github.com.json';

/**
 * A fixed sample of it (scripts/lib/spec-sample.ts: 150 operations, seed 1, and the components
 * they reach), made once into .cache/specs/: the constructs of a real spec at a tenth of the cost.
 */
export const GITHUB_SAMPLE = path.relative(
  process.cwd(),
  sampledSpec(path.join(ROOT, GITHUB_SPEC), { operations: 150, seed: 1 }, path.join(ROOT, '.cache', 'specs')),
);

export const PUBLIC_SPECS: PublicSpec[] = [
  {
    slug: 'petstore-3.0',
    title: 'Petstore (OpenAPI 3.0)',
    spec: 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml',
  },
  {
    slug: 'petstore-3.1',
    title: 'Petstore (OpenAPI 3.1)',
    spec: 'node_modules/@readme/oas-examples/3.1/yaml/petstore.yaml',
  },
  {
    slug: 'train-travel',
    title: 'Train Travel (OpenAPI 3.1)',
    spec: 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml',
  },
  {
    slug: 'webhooks-only',
    title: 'Webhooks only, no paths (OpenAPI 3.1)',
    spec: 'node_modules/@readme/oas-examples/3.1/yaml/webhooks.yaml',
    minOperations: 0,
  },
  {
    slug: 'parameter-styles',
    title: 'Parameter styles (OpenAPI 3.0)',
    spec: 'node_modules/@readme/oas-examples/3.0/yaml/parameters-style.yaml',
  },
  {
    slug: 'circular-schemas',
    title: 'Circular schemas (OpenAPI 3.0)',
    spec: 'node_modules/@readme/oas-examples/3.0/yaml/schema-circular.yaml',
  },
  {
    slug: 'scalar-galaxy',
    title: 'Scalar Galaxy (OpenAPI 3.1)',
    spec: 'node_modules/@scalar/galaxy/dist/latest.yaml',
  },
  {
    slug: 'github',
    title: "GitHub's REST API (a fixed sample of 150 of its 1,2xx operations)",
    spec: GITHUB_SAMPLE,
  },
  { slug: 'widgets', title: 'Widget fixture (OpenAPI 3.0)', spec: 'test/fixtures/specs/widgets-3.0.yaml' },
];
