/**
 * A request body whose allOf holds a oneOf (wiremock's settings): the Python method takes the body
 * as one argument, as for a top-level oneOf, not keyword arguments of the merged properties alone
 * (fixed_delay only, so no call could send a body the oneOf accepts). In memory, on
 * test/fixtures/kinds/union-in-all-of-3.0.yaml; the round trip on wiremock is the behaviour.
 */
import { beforeAll, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../../generators/core/files.js';
import { generate } from '../../../../../generators/pipeline.js';

let files: GeneratedFile[];

beforeAll(async () => {
  ({ files } = await generate({
    spec: 'test/fixtures/kinds/union-in-all-of-3.0.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  }));
});

it('takes the body as one argument, not keyword arguments of the properties beside the oneOf', () => {
  const module = files.find((file) => file.path === 'python/union_in_all_of/resources/settings.py')!.content;
  const parameters = module.match(/def create\(([\s\S]*?)\) ->/)![1];
  expect(parameters).toMatch(/\n\s+body: /);
  expect(parameters).not.toContain('fixed_delay');
});
