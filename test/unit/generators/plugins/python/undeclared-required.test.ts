/**
 * A body property that `required` names and `properties` does not declare (issue 43: postmark's
 * template update answered 422 to every Python call, which had no argument to send TemplateId) is
 * a required keyword argument of the Python method, typed by `additionalProperties` (anything
 * when it says nothing), sent under its own name. In memory, on
 * test/fixtures/kinds/undeclared-required-3.0.yaml; the round trip on postmark is the behaviour.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../../generators/core/files.js';
import { generate } from '../../../../../generators/pipeline.js';

let files: GeneratedFile[];
const resources = (name: string) =>
  files.find((file) => file.path === `python/undeclared_required/resources/${name}.py`)!.content;
/** The sync method's parameter list. */
const parameters = (module: string, method: string) =>
  resources(module).match(new RegExp(`def ${method}\\(([\\s\\S]*?)\\) ->`))![1];

beforeAll(async () => {
  ({ files } = await generate({
    spec: 'test/fixtures/kinds/undeclared-required-3.0.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  }));
});

describe('a required body property the schema does not declare', () => {
  it('is a required argument of any type, sent under its name', () => {
    expect(parameters('templates', 'update')).toContain('        template_id: Any,\n');
    expect(parameters('templates', 'update')).toContain('        name: Union[str, NotGiven] = NOT_GIVEN,\n');
    expect(resources('templates')).toContain('"TemplateId"');
  });

  it('takes the type additionalProperties gives', () => {
    expect(parameters('counters', 'create')).toContain('        start: int,\n');
    expect(parameters('counters', 'create')).toContain('        label: str,\n');
  });
});
