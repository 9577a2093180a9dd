/**
 * The Python emitter's result and argument types, in memory, on test/fixtures/python/result-types.yaml:
 * allOf results and inline objects become TypedDicts named after where they sit (never taking a
 * component's name), members that disagree fall back to `Any` saying why. That pyright reads them
 * as meant is test/e2e/generators/plugins/python/result-types.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../../generators/core/files.js';
import { buildIr } from '../../../../../generators/core/build-ir.js';
import { loadDocument } from '../../../../../generators/core/load.js';
import { planPython } from '../../../../../generators/plugins/python/plan.js';
import {
  INLINE_KEY_BUDGET,
  nameInlineSchemas,
  nameSchemas,
} from '../../../../../generators/plugins/python/type-names.js';
import { generate } from '../../../../../generators/pipeline.js';

let files: GeneratedFile[];
const file = (name: string) =>
  files.find((candidate) => candidate.path === `python/result_types_fixture/${name}`)!.content;
/** A class of types.py, from its `class` line to the next blank line pair. */
const typedDict = (name: string) =>
  file('types.py').match(
    new RegExp(`(?:^|\\n)(class ${name}\\([^\\n]*\\n[\\s\\S]*?)(?=\\n\\n\\n|\\n*$)`),
  )?.[1];
/** The sync resource class of that name, from its `class` line to the next class. */
const resource = (module: string, name: string) =>
  file(module).match(new RegExp(`^class ${name}:\\n[\\s\\S]*?(?=^class )`, 'm'))![0];
/** One generated method of a resource class, from `def name(` to its return type. */
const signature = (module: string, name: string, className = 'Things') =>
  resource(module, className).match(new RegExp(`def ${name}\\(([\\s\\S]*?)\\) -> ([^:]+):`))!;

beforeAll(async () => {
  ({ files } = await generate({
    spec: 'test/fixtures/python/result-types.yaml',
    out: '(memory)',
    command: 'test',
    write: false,
    skip: ['sdks'],
    log: () => {},
  }));
});

describe('Python results of allOf and inline objects', () => {
  it('types an allOf result as one TypedDict with every member’s keys, required where any member requires them', () => {
    expect(signature('resources/things.py', 'create')[2]).toBe('_types.CreateThingResponse');
    expect(typedDict('_CreateThingResponseRequired')).toContain('    name: str\n');
    expect(typedDict('_CreateThingResponseRequired')).toContain('    links: CreateThingResponseLinks');
    expect(typedDict('CreateThingResponseLinks')).toBe(
      'class CreateThingResponseLinks(TypedDict):\n    self: str',
    );
  });

  it('takes the member that refines the others where members give a key different types', () => {
    expect(signature('resources/things.py', 'list')[2]).toBe('_types.ListThingsResponse');
    expect(typedDict('ListThingsResponse')).toContain('    data: List[Thing]\n');
    expect(typedDict('ListThingsResponse')).toContain('    links: Dict[str, Any]');
  });

  it('falls back to Any, saying why, where members disagree and neither refines the other', () => {
    expect(typedDict('ClashThingResponse')).toContain(
      '    size: Any\n    """allOf members disagree on this key (int and str), and Python cannot say both: Any."""',
    );
  });

  it('names an inline result object after its operation, and never with a component’s name', () => {
    expect(signature('resources/things.py', 'update')[2]).toBe('_types.UpdateThingResponse');
    // The component FindThingNotesResponse keeps its name; the inline result takes the next one.
    expect(typedDict('FindThingNotesResponse')).toContain('    taken: bool');
    expect(typedDict('FindThingNotesResponse_')).toContain('    note: str');
    expect(signature('resources/things.py', 'retrieve', 'ThingsNotes')[2]).toBe(
      '_types.FindThingNotesResponse_',
    );
    expect(file('types.py')).toMatch(/__all__ = \[.*"FindThingNotesResponse", "FindThingNotesResponse_".*\]/);
  });

  it('stops naming inline objects where types.py would hold more keys than pyright can analyse', async () => {
    const ir = buildIr(await loadDocument('test/fixtures/python/result-types.yaml'));
    const sites = planPython(ir).methods.map((method) => ({
      schema: method.responses[0]?.schema,
      side: 'response' as const,
      words: [method.operation.id, 'response'],
    }));
    const names = nameSchemas(ir);
    names.keys.count = INLINE_KEY_BUDGET - 1;
    nameInlineSchemas(ir, names, sites);
    // Only a one-key object still fits; the others stay Dict[str, Any], as before they had names.
    expect(names.inlineOrder.map((entry) => entry.name)).toEqual(['CreateThingResponseLinks']);
  });

  it('names inline objects the same way on every generation', async () => {
    const again = await generate({
      spec: 'test/fixtures/python/result-types.yaml',
      out: '(memory)',
      command: 'test',
      write: false,
      skip: ['sdks'],
      log: () => {},
    });
    expect(again.files.find((candidate) => candidate.path.endsWith('/types.py'))!.content).toBe(
      file('types.py'),
    );
  });
});

describe('Python arguments of an optional body', () => {
  it('leaves every property optional, so that a call can send no body, and has the runtime demand the required ones once any is given', () => {
    const params = signature('resources/things.py', 'update')[1];
    expect(params).toContain('        name: Union[str, NotGiven] = NOT_GIVEN,\n');
    expect(params).toContain('        color: Union[str, NotGiven] = NOT_GIVEN,\n');
    expect(file('_operations.py')).toMatch(/mode="fields", required=\("name",\)\)/);
  });
});

describe('Python types of readOnly and writeOnly properties', () => {
  it('takes no argument for a readOnly property, and requires a required writeOnly one', () => {
    const params = signature('resources/things.py', 'create')[1];
    expect(params).not.toMatch(/\bid:/);
    expect(params).toContain('        name: str,\n        password: str,\n');
  });

  it('leaves writeOnly keys out of results, named or inline', () => {
    expect(typedDict('_ThingRequired')).toBe('class _ThingRequired(TypedDict):\n    id: str\n    name: str');
    expect(typedDict('_CreateThingResponseRequired')).not.toContain('password');
    expect(typedDict('UpdateThingResponse')).not.toContain('secret');
  });

  it('gives a schema with either a request TypedDict of its own, without its readOnly keys', () => {
    expect(typedDict('_ThingParamRequired')).toBe(
      'class _ThingParamRequired(TypedDict):\n    name: str\n    password: str',
    );
    expect(file('types.py')).toMatch(/__all__ = \[.*"Thing", "ThingParam".*\]/);
    expect(file('resources/things.py')).toContain('        items: List[_types.ThingParam],\n');
    // Every key readOnly: the request view has none, and is still a class Python can read.
    expect(typedDict('StampParam')).toBe(
      'class StampParam(TypedDict):\n    """Keys the server sets, every one."""\n\n    pass',
    );
    expect(typedDict('ThingParam')).toContain('    stamp: StampParam');
    // A schema without either reads the same both ways: one TypedDict.
    expect(file('types.py')).not.toContain('WrapperParam');
  });
});

describe('Python names in docstrings and warnings', () => {
  it('names a resource by its Python attribute, not the spec’s segment', () => {
    const things = file('resources/things.py');
    expect(things).toContain('deprecated("client.things.find_by_color.retrieve()")');
    expect(things).toContain('"""`client.things.find_by_color`."""');
    expect(things).toContain('"""`things.find_by_color` with every method returning an APIResponse');
    expect(things).toContain('"""`client.things.find_by_color.with_streaming_response`:');
    expect(things).not.toMatch(/client\.things\.findByColor/);
  });

  it('lists an enum value the spec repeats once', () => {
    expect(signature('resources/things.py', 'retrieve', 'ThingsNotes')[1]).toContain(
      'status: Union[Literal["", "available"], NotGiven] = NOT_GIVEN,',
    );
    expect(typedDict('Thing')).toContain('    color: Literal["red", "blue"]');
  });
});
