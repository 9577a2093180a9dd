/**
 * The document renderings spliced from units (generators/core/types-rendering.mjs,
 * contract-rendering.mjs): the same bytes as the independent renderers of the whole document
 * (openapi-typescript's openapiTS, JSON.stringify, the `yaml` package), from nothing and after each
 * of a designer's edits to our spec, where only the units the edit touched, and those that read
 * them, are rendered again. In-process, no worker thread.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildIr } from '../../../../generators/core/build-ir.js';
import {
  renderContractIncrementally,
  type ContractRenderingState,
} from '../../../../generators/core/contract-rendering.mjs';
import type { Ir } from '../../../../generators/core/ir.js';
import { documentFrom, loadDocument } from '../../../../generators/core/load.js';
import { CONTRACT_EXAMPLE_AT, mockDocument } from '../../../../generators/core/mock-document.js';
import {
  renderTypesIncrementally,
  type TypesRenderingState,
  withMendedHelpers,
  withMendedNodes,
} from '../../../../generators/core/types-rendering.mjs';
import { YAML_OPTIONS } from '../../../../generators/core/yaml-printer.mjs';
import { typesJob } from '../../../../generators/plugins/types/emit.js';
import { PUBLIC_SPECS } from '../../../../scripts/lib/public-specs.js';

const SPEC = 'spec/openapi.yaml';
/** An OpenAPI document being edited. */
type Document = Record<string, any>;

/** What openapi-typescript itself prints for the types job (the stream schemas put in first, as the plugin asks). */
async function typesOracle(ir: Ir): Promise<string> {
  const { document, streamSchemas } = structuredClone(typesJob(ir)) as {
    document: Document;
    streamSchemas: Array<{ at: string[]; schema: unknown }>;
  };
  for (const { at, schema } of streamSchemas) at.reduce((node, key) => node[key], document).schema = schema;
  return withMendedHelpers(
    astToString(withMendedNodes(await openapiTS(document as never, { silent: true }))),
  );
}

/** The contract job, and what the whole-document printers make of it. */
function contractJob(ir: Ir) {
  const yamlMarker = 'contract YAML marker';
  return {
    document: ir.document,
    withYaml: mockDocument(ir, yamlMarker),
    yamlMarker,
    embeddedAt: CONTRACT_EXAMPLE_AT,
  };
}
function contractOracle(ir: Ir) {
  const yaml = stringify(ir.document, YAML_OPTIONS);
  return {
    json: JSON.stringify(ir.document, null, 2),
    yaml,
    mock: JSON.stringify(mockDocument(ir, yaml), null, 2),
  };
}

const irOf = (document: Document) => buildIr(documentFrom(SPEC, structuredClone(document)));
const original = (): Document => parse(readFileSync(SPEC, 'utf8'));

describe('the renderings spliced from units, from nothing', () => {
  const specs = [
    ...PUBLIC_SPECS.filter((spec) => !spec.spec.includes('api.github.com')).map((spec) => spec.spec),
    SPEC,
    'spec/dashboard.yaml',
    // openapi-typescript's WithRequired helper, declared beside `operations` (corpus: twinehealth, azure appconfiguration).
    'test/fixtures/kinds/with-required-3.1.yaml',
    // openapi-typescript's output mended: a nullable schema's WithRequired, a repeated discriminator property.
    'test/fixtures/kinds/nullable-with-required-3.0.yaml',
    'test/fixtures/kinds/repeated-discriminator-3.0.yaml',
    'test/fixtures/kinds/parameter-ref-into-path-3.0.yaml',
  ];
  it.each(specs)('%s: the types are what openapi-typescript prints', async (spec) => {
    const ir = buildIr(await loadDocument(spec));
    const { text, stats } = await renderTypesIncrementally(structuredClone(typesJob(ir)), undefined);
    expect(text).toBe(await typesOracle(ir));
    expect(stats?.rendered.length).toBeGreaterThan(0);
  });
  it.each(specs)('%s: the contract and the mock are what JSON.stringify and yaml print', async (spec) => {
    const ir = buildIr(await loadDocument(spec));
    const { rendered } = await renderContractIncrementally(contractJob(ir), undefined);
    expect(rendered).toEqual(contractOracle(ir));
  });
});

/** Our spec through edits, each rendered from the last rendering's state and compared with the oracles. */
describe("a designer's edits, rendered from the last rendering", () => {
  const paths = (...routes: string[]) => routes.map((route) => `/paths/${route.replace(/\//g, '~1')}`);
  // Each edit, and the types' units it must render again (exactly; the rest are reused).
  const edits: Array<{ name: string; edit: (document: Document) => void; types?: string[] }> = [
    {
      name: 'an operation summary',
      edit: (document) => (document.paths['/v1/nature/subjects'].get.summary = 'List every subject'),
      types: paths('/v1/nature/subjects'),
    },
    {
      name: 'a property added to a schema',
      edit: (document) =>
        (document.components.schemas.Subject.properties.nickname = { type: 'string', description: 'Added.' }),
      // DeletedSubject is `allOf: [Subject, …]`: openapi-typescript reads Subject to print it.
      types: ['/components/schemas/Subject', '/components/schemas/DeletedSubject'],
    },
    {
      name: 'an enum value',
      edit: (document) => document.components.schemas.AssessmentStatus.enum.push('abandoned'),
      types: ['/components/schemas/AssessmentStatus'],
    },
    {
      name: 'a new operation',
      edit: (document) =>
        (document.paths['/v1/nature/subjects/{subject_id}/notes'] = {
          get: {
            operationId: 'listSubjectNotes',
            summary: 'List notes',
            parameters: [{ $ref: '#/components/parameters/SubjectId' }],
            responses: {
              '200': {
                description: 'Notes',
                content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
              },
            },
          },
        }),
      types: paths('/v1/nature/subjects/{subject_id}/notes'),
    },
    {
      // The path items that $ref the parameter read whether it is required: they render again too.
      name: 'a parameter made required',
      edit: (document) => (document.components.parameters.Limit.required = true),
    },
    {
      name: 'a comment (no change to the document)',
      edit: () => undefined,
      types: [],
    },
  ];

  it('gives the same bytes as the whole renderings after each edit, rendering only what the edit touched', async () => {
    let document = original();
    let ir = irOf(document);
    let types = await renderTypesIncrementally(structuredClone(typesJob(ir)), undefined);
    let contract = await renderContractIncrementally(contractJob(ir), undefined);
    for (const { name, edit, types: expected } of edits) {
      const before = ir;
      document = structuredClone(document);
      edit(document);
      ir = irOf(document);
      types = await renderTypesIncrementally(structuredClone(typesJob(ir)), types.state);
      contract = await renderContractIncrementally(contractJob(ir), contract.state as ContractRenderingState);
      expect(types.text, name).toBe(await typesOracle(ir));
      expect(contract.rendered, name).toEqual(contractOracle(ir));
      const rendered = types.stats!.rendered;
      if (expected) expect([...rendered].sort(), name).toEqual([...expected].sort());
      else {
        // Limit's own unit, and each path item that $refs it, and nothing else.
        const readers = Object.entries<Document>(before.document.paths)
          .filter(([, item]) => JSON.stringify(item).includes('#/components/parameters/Limit'))
          .map(([route]) => paths(route)[0]);
        expect(readers.length, name).toBeGreaterThan(0);
        expect([...rendered].sort(), name).toEqual(['/components/parameters/Limit', ...readers].sort());
      }
      // The contract prints the units that changed (the mock's copy borrows them); nothing for a comment.
      expect(contract.stats.rendered.length, name).toBeLessThanOrEqual(expected?.length === 0 ? 0 : 2);
      expect(types.stats!.units, name).toBeGreaterThan(40);
    }
  });

  it('would keep a stale path item if it did not record the parameters it reads: the oracle sees it', async () => {
    const document = original();
    const first = await renderTypesIncrementally(structuredClone(typesJob(irOf(document))), undefined);
    // The sabotage: forget what every unit read, so a unit is rendered again only when it changed itself.
    for (const read of (first.state as unknown as { reads: Map<string, Set<string>> }).reads.values())
      read.clear();
    document.components.parameters.Limit.required = true;
    const ir = irOf(document);
    const stale = await renderTypesIncrementally(
      structuredClone(typesJob(ir)),
      first.state as TypesRenderingState,
    );
    expect(stale.text).not.toBe(await typesOracle(ir));
  });

  it('renders every unit again when the discriminators change (they shape other units than their own)', async () => {
    const document = original();
    const first = await renderTypesIncrementally(structuredClone(typesJob(irOf(document))), undefined);
    document.components.schemas.Answer = {
      ...document.components.schemas.Answer,
      discriminator: { propertyName: 'kind' },
    };
    const ir = irOf(document);
    const next = await renderTypesIncrementally(
      structuredClone(typesJob(ir)),
      first.state as TypesRenderingState,
    );
    expect(next.text).toBe(await typesOracle(ir));
    expect(next.stats!.rendered.length).toBe(first.stats!.rendered.length);
  });
});
