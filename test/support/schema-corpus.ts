/**
 * The specs whose schemas the zod, mock-data and MSW tests are held to: ours, the fixtures, and
 * the public specs of the test corpus (scripts/lib/public-specs.ts).
 */
import { PUBLIC_SPECS } from '../../scripts/lib/public-specs.js';

export interface CorpusSpec {
  slug: string;
  spec: string;
}

const FIXTURES = [
  'auth-3.1.yaml',
  'discriminator-names-3.0.yaml',
  'media-3.1.yaml',
  'odd-paths-3.1.yaml',
  'paging-3.1.yaml',
  'servers-3.0.yaml',
  'shop-3.1.json',
];

export const SCHEMA_CORPUS: CorpusSpec[] = [
  { slug: 'assessment', spec: 'spec/openapi.yaml' },
  { slug: 'dashboard', spec: 'spec/dashboard.yaml' },
  { slug: 'projects', spec: 'test/fixtures/contract/projects-3.1.yaml' },
  ...FIXTURES.map((file) => ({ slug: file.replace(/\.\w+$/, ''), spec: `test/fixtures/specs/${file}` })),
  { slug: 'read-only', spec: 'test/fixtures/values/read-only-3.1.yaml' },
  ...PUBLIC_SPECS.map(({ slug, spec }) => ({ slug, spec })),
];
