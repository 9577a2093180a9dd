/**
 * Mock data (`mock-data/`): a seeded factory per component schema (`mockSubject()`,
 * `mockSubject({ seed: 2, overrides: { metadata: { team: 'a' } } })`) typed with the client's
 * model types, and `mockValue(schema)` for any schema that refs into the spec's components. Every
 * value comes from the toolkit's one value generator in its realistic mode (core/values/, copied
 * into `mock-data/core/`), so the contract suites, the round trip and the mocks draw alike.
 */
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { sharedSchema } from '../../core/schema-dialect.js';
import { valueGeneratorFiles } from '../../core/value-generator-files.js';
import type { ClientPlan } from '../client/plan.js';

export interface MockDataExports {
  /** The factory of each component, by schema name (`Subject` -> `mockSubject`). */
  factories: Map<string, string>;
  /** Where the module is written, relative to the output folder. */
  module: string;
  /** The `$id` refs in the schemas passed to `mockValue` point into (the spec's shared schema). */
  rootId: string;
}

const RUNTIME = `
/** What every factory takes: the seed (the same seed, the same value), fields to set, and the side of a message. */
export interface MockOptions<T> {
  /** Default 1. */
  seed?: number;
  /** Fields set over the drawn value, nested objects merged (arrays and other values replaced). */
  overrides?: DeepPartial<T>;
  /** \`response\` (default) leaves writeOnly properties out; \`request\`, readOnly ones. */
  side?: 'request' | 'response';
}

/** T with every property optional, nested objects too (arrays are given whole). */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** \`overrides\` over \`value\`: objects merged key by key, anything else replaced. */
export function withOverrides<T>(value: T, overrides: unknown): T {
  if (overrides === undefined) return value;
  if (!isRecord(value) || !isRecord(overrides)) return overrides as T;
  const out: Record<string, unknown> = { ...value };
  for (const [key, next] of Object.entries(overrides)) out[key] = withOverrides(out[key], next);
  return out as T;
}

/** How deep a value nests before a recursive schema stops (deeper than the suites' 6: real specs nest required objects that far). */
export const MOCK_MAX_DEPTH = 16;

/** How every value is drawn (seed and side aside); every value validates: a oneOf's value is set apart from its other members. */
export const MOCK_DRAW = {
  mode: 'realistic',
  useExamples: false,
  maxDepth: MOCK_MAX_DEPTH,
  exclusiveOneOf: true,
} as const;

/**
 * A realistic value of any schema whose refs point into the spec's components
 * (\`{ $ref: '<ROOT.$id>#/components/schemas/Subject' }\`, or an inline one), seeded.
 */
export function mockValue<T = unknown>(schema: unknown, options: MockOptions<T> = {}): T {
  const value = drawFromSchema(ROOT, schema, {
    ...MOCK_DRAW,
    seed: options.seed ?? 1,
    side: options.side ?? 'response',
  }) as T;
  return withOverrides(value, options.overrides);
}

function component<T>(name: string, options: MockOptions<T>): T {
  return mockValue<T>({ $ref: \`\${ROOT.$id}#/components/schemas/\${name}\` }, options);
}
`;

export function emitMockData(ir: Ir, plan: ClientPlan): { files: GeneratedFile[]; exports: MockDataExports } {
  const shared = sharedSchema(ir);
  const factories = new Map<string, string>();
  const lines = [
    "import { drawFromSchema } from './core/values/from-schema.js';",
    "import { ROOT } from './schemas.js';",
    ...(plan.schemaTypes.length > 0
      ? [
          `import type { ${plan.schemaTypes.map((type) => type.name).join(', ')} } from '../client/src/index.js';`,
        ]
      : []),
    '',
    'export { ROOT };',
    RUNTIME,
  ];
  for (const type of plan.schemaTypes) {
    const factory = `mock${type.name}`;
    factories.set(type.schemaName, factory);
    lines.push(
      `/** A realistic \`${type.name}\` (#/components/schemas/${type.schemaName}), the same for the same seed. */`,
      `export function ${factory}(options: MockOptions<${type.name}> = {}): ${type.name} {`,
      `  return component<${type.name}>(${stringLiteral(type.schemaName)}, options);`,
      '}',
      '',
    );
  }
  const schemas = [
    "import type { SchemaRoot } from './core/values/from-schema.js';",
    '',
    "/** The spec's component schemas as JSON Schema 2020-12, which every factory draws from (refs point in by its $id). */",
    `export const ROOT: SchemaRoot & { $id: string } = ${JSON.stringify(shared, null, 2)};`,
    '',
  ].join('\n');
  return {
    files: [
      ...valueGeneratorFiles('mock-data/core/'),
      { path: 'mock-data/schemas.ts', content: schemas },
      { path: 'mock-data/index.ts', content: lines.join('\n') },
    ],
    exports: { factories, module: 'mock-data/index.ts', rootId: shared.$id },
  };
}
