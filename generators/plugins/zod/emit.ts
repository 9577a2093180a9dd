/**
 * The zod module (`zod/index.ts`): every component schema with its inferred type (and, where
 * readOnly or writeOnly make a request or a response read it differently, a variant for that
 * side), then per operation its parameters by location, its request body per media type and its
 * responses per status and media type, and `operationSchemas` keyed by `METHOD /path` for the
 * client's `validation` option. Components are declared so that each comes after those it names;
 * a ref on a cycle is `z.lazy`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir, IrMedia, IrOperation, IrParameter, ParameterLocation } from '../../core/ir.js';
import { pascalCase, propertyKey, stringLiteral, variableName } from '../../core/naming.js';
import { merged } from '../../core/schema-merge.js';
import type { SchemaNode } from '../../core/schema-nodes.js';
import { walk } from '../../core/schema-visit.js';
import { hiddenOn, type MessageSide } from '../../core/values/sides.js';
import { NameScope } from '../../sdk-shape/index.js';
import { ownNamesOnly, ZodPrinter, type ComponentNames } from './schema.js';

const RUNTIME_FILES = runtimeFiles(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'),
  'zod/',
);

/** Media kinds whose content is a value to validate (streams and bytes are not). */
const VALIDATED_KINDS = new Set(['json', 'form', 'multipart', 'text']);
const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
const SIDES: MessageSide[] = ['request', 'response'];

export interface ZodExports {
  /** The export name of each component's schema (and its request/response variants, when it has them). */
  components: Map<string, ComponentNames>;
  /** The export name of each operation's schemas, by operation id. */
  operations: Map<string, string>;
  /** Where the module is written, relative to the output folder. */
  module: string;
}

export function emitZod(
  ir: Ir,
  warn: (message: string, pointer?: string) => void,
): {
  files: GeneratedFile[];
  exports: ZodExports;
} {
  const model = ir.model;
  const scope = new NameScope(['z', 'c', 'operationSchemas']);
  const nodes = new Map(ir.schemas.map((schema) => [schema.name, model.named(schema.name)!]));
  const components = new Map<string, ComponentNames>();
  for (const name of nodes.keys()) components.set(name, { plain: scope.claim(pascalCase(name)) });
  for (const side of SIDES)
    for (const name of differingOn(nodes, side)) {
      const names = components.get(name)!;
      names[side] = scope.claim(`${names.plain}${side === 'request' ? 'Request' : 'Response'}`);
    }
  const printer = new ZodPrinter(model, components, (message, pointer) => warn(message, pointer));
  const lines = ["import { z } from 'zod';", "import * as c from './checks.js';", ''];
  for (const name of declarationOrder(nodes)) {
    const node = nodes.get(name)!;
    const names = components.get(name)!;
    const pointer = `#${node.pointer}`;
    lines.push(...doc(node.description, pointer));
    lines.push(`export const ${names.plain} = ${printer.expression(node)};`);
    lines.push(`export type ${names.plain} = z.infer<typeof ${names.plain}>;`);
    for (const side of SIDES) {
      const variant = names[side];
      if (!variant) continue;
      const why =
        side === 'request' ? 'readOnly properties not required' : 'writeOnly properties not required';
      lines.push(`/** ${names.plain} in a ${side} (${why}). */`);
      lines.push(`export const ${variant} = ${printer.expression(node, side)};`);
      lines.push(`export type ${variant} = z.infer<typeof ${variant}>;`);
    }
    lines.push('');
  }
  const operations = new Map<string, string>();
  const keyed: string[] = [];
  for (const operation of ir.operations) {
    const name = scope.claim(variableName(operation.id));
    operations.set(operation.id, name);
    keyed.push(`  ${stringLiteral(operationKey(operation))}: ${name},`);
    lines.push(...operationLines(ir, operation, name, printer), '');
  }
  lines.push(
    "/** Every operation's schemas by `METHOD /path`: the generated client's `validation: { schemas }` option takes this. */",
    'export const operationSchemas = {',
    ...keyed,
    '};',
    '',
  );
  return {
    files: [...RUNTIME_FILES, { path: 'zod/index.ts', content: lines.join('\n') }],
    exports: { components, operations, module: 'zod/index.ts' },
  };
}

/** How the client and the MSW handlers name an operation: `GET /v1/subjects/{subject_id}`. */
export function operationKey(operation: Pick<IrOperation, 'method' | 'path'>): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

function doc(description: string | undefined, pointer: string): string[] {
  const first = description?.split('\n')[0].trim().replace(/\*\//g, '*\\/');
  return [`/** ${first ? `${first} ` : ''}(${pointer}) */`];
}

function operationLines(ir: Ir, operation: IrOperation, name: string, printer: ZodPrinter): string[] {
  const model = ir.model;
  const parameters = LOCATIONS.filter((location) => operation.parameters[location].length > 0).map(
    (location) =>
      `    ${location}: ${parameterObject(operation.parameters[location], (param) => printer.expression(model.node(param.schema, `${param.pointer}/schema`), 'request'))},`,
  );
  const media = (content: IrMedia[], side: MessageSide) =>
    content
      .filter((entry) => VALIDATED_KINDS.has(entry.kind))
      .map(
        (entry) =>
          `${stringLiteral(entry.mediaType)}: ${printer.expression(model.node(entry.schema, `${entry.pointer}/schema`), side)}`,
      );
  const body = operation.body ? media(operation.body.content, 'request') : [];
  const responses = operation.responses.map(
    (response) =>
      `    ${stringLiteral(response.status)}: { ${media(response.content, 'response').join(', ')} },`,
  );
  return [
    `/** \`${operationKey(operation)}\` (${operation.id}): its parameters by location, body per media type, responses per status. */`,
    `export const ${name} = {`,
    `  operationId: ${stringLiteral(operation.id)},`,
    `  parameters: {`,
    ...parameters,
    '  },',
    `  body: { ${body.join(', ')} },`,
    '  responses: {',
    ...responses,
    '  },',
    '};',
  ];
}

function parameterObject(params: IrParameter[], schemaOf: (param: IrParameter) => string): string {
  const shape = params.map(
    (param) => `${propertyKey(param.name)}: ${schemaOf(param)}${param.required ? '' : '.optional()'}`,
  );
  return ownNamesOnly(
    `z.looseObject({ ${shape.join(', ')} })`,
    params.map((param) => param.name),
  );
}

/** Component refs a node's tree holds (refs not followed), with whether each is on a cycle. */
function refsIn(node: SchemaNode): Array<{ name: string; recursive: boolean }> {
  const out: Array<{ name: string; recursive: boolean }> = [];
  walk(node, (each) => {
    if (each.kind === 'ref' && each.name !== undefined)
      out.push({ name: each.name, recursive: each.recursive });
  });
  return out;
}

/** Components in an order where each comes after every component it names off a cycle (document order otherwise). */
function declarationOrder(nodes: Map<string, SchemaNode>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visitName = (name: string) => {
    if (state.get(name) !== undefined || !nodes.has(name)) return;
    state.set(name, 'open');
    for (const ref of refsIn(nodes.get(name)!)) if (!ref.recursive) visitName(ref.name);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of nodes.keys()) visitName(name);
  return order;
}

/**
 * Components a side of a message reads differently: one of their objects requires a property that
 * side leaves out (readOnly in a request, writeOnly in a response), or they name such a component.
 */
function differingOn(nodes: Map<string, SchemaNode>, side: MessageSide): Set<string> {
  const differs = new Set<string>();
  for (const [name, node] of nodes) {
    let found = false;
    walk(node, (each) => {
      if (found || each.kind === 'ref') return false;
      const flat = merged(each);
      if (
        flat.kind === 'object' &&
        flat.properties.some((property) => property.required && hiddenOn(side, property.node))
      )
        found = true;
      return !found;
    });
    if (found) differs.add(name);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, node] of nodes)
      if (!differs.has(name) && refsIn(node).some((ref) => differs.has(ref.name))) {
        differs.add(name);
        changed = true;
      }
  }
  return differs;
}
