/**
 * The TypeScript client package (`client/`): the hand-written runtime copied into `src/core/`,
 * openapi-typescript's types, named model types, one descriptor per operation, resource classes
 * whose methods are one-liners over the runtime, the client class, and package files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir, IrOperation } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { createProject, printStructure } from '../../core/ts-project.js';
import { sdkShape } from '../../sdk-shape/index.js';
import { operationType as pathType, renderTypes } from '../types/emit.js';
import { clientClass, operationDescriptor, resourceClass, schemaAlias, typeAlias } from './builders.js';
import { packageFiles } from './package-files.js';
import { planClient, type OperationPlan, type ResourceNode } from './plan.js';
import { webhooksFile, webhooksProperty } from './webhooks.js';

const RUNTIME_FILES = runtimeFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'), 'client/src/core/');

export async function emitClient(ir: Ir): Promise<GeneratedFile[]> {
  const plan = planClient(ir);
  const project = createProject();
  const files: GeneratedFile[] = [...RUNTIME_FILES];

  files.push({ path: 'client/src/schema.ts', content: await renderTypes(ir) });
  files.push({ path: 'client/src/models.ts', content: modelsFile(project, plan.schemaTypes, plan.operations) });
  files.push({ path: 'client/src/operations.ts', content: operationsFile(project, plan.operations) });

  const resourceFiles = plan.root.children.map((top) => ({ top, file: `resources/${top.property}.ts` }));
  for (const { top, file } of resourceFiles) files.push({ path: `client/src/${file}`, content: resourceFile(project, top) });
  files.push({ path: 'client/src/client.ts', content: clientFile(project, ir, plan.clientName, plan.root, resourceFiles) });
  files.push({ path: 'client/src/index.ts', content: indexFile(ir, plan.clientName) });
  const webhooks = webhooksFile(ir);
  if (webhooks) files.push(webhooks);
  files.push(...packageFiles(ir, plan));
  return files;
}

function statusKey(status: string): string {
  return /^\d+$/.test(status) ? status : stringLiteral(status);
}

function responseTypeOf(plan: OperationPlan): string {
  const { operation } = plan;
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  if (!success || success.schema === undefined || !success.contentType) return 'void';
  if (!success.isJson) return 'unknown';
  return `${pathType(operation)}['responses'][${statusKey(success.status)}]['content'][${stringLiteral(success.contentType)}]`;
}

function paramsTypeOf(plan: OperationPlan): string {
  const { operation } = plan;
  const parts: string[] = [];
  if (operation.parameters.query.length > 0) parts.push(`NonNullable<${pathType(operation)}['parameters']['query']>`);
  if (plan.headerParams.length > 0) {
    const headers = `NonNullable<${pathType(operation)}['parameters']['header']>`;
    parts.push(operation.idempotencyHeader ? `Omit<${headers}, ${stringLiteral(operation.idempotencyHeader)}>` : headers);
  }
  const body = operation.body;
  if (body) {
    const bodyType = body.isJson ? `NonNullable<${pathType(operation)}['requestBody']>['content'][${stringLiteral(body.contentType)}]` : 'unknown';
    if (plan.bodyMode === 'merged') parts.push(bodyType);
    else parts.push(`{ body${body.required ? '' : '?'}: ${bodyType} }`);
  }
  return parts.join(' & ') || 'Record<string, never>';
}

function modelsFile(project: ReturnType<typeof createProject>, schemaTypes: Array<{ name: string; schemaName: string }>, operations: OperationPlan[]): string {
  const aliases = schemaTypes.map((schema) => schemaAlias(schema.name, schema.schemaName));
  for (const plan of operations) {
    const label = `${plan.operation.method.toUpperCase()} ${plan.operation.path}`;
    if (plan.paramsType) aliases.push(typeAlias(plan.paramsType, paramsTypeOf(plan), `Parameters of \`${label}\`.`));
    aliases.push(typeAlias(plan.responseType, responseTypeOf(plan), `Result of \`${label}\`.`));
    if (plan.itemType) aliases.push(typeAlias(plan.itemType, `${plan.responseType}[${stringLiteral(plan.operation.pagination!.dataField)}][number]`, `One item of \`${label}\`.`));
  }
  return printStructure(project, 'models.ts', {
    statements: [{ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './schema.js', namedImports: ['components', 'paths'] }, ...aliases],
  });
}

function operationsFile(project: ReturnType<typeof createProject>, operations: OperationPlan[]): string {
  return printStructure(project, 'operations.ts', {
    statements: [{ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './core/client.js', namedImports: ['OperationSpec'] }, ...operations.map(operationDescriptor)],
  });
}

/** Every class under a top-level resource, parents before children. */
function flatten(node: ResourceNode): ResourceNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

function runtimeImports(nodes: ResourceNode[], extra: string[] = []): string[] {
  const operations = nodes.flatMap((node) => node.operations);
  const names = new Set(extra);
  if (operations.some((plan) => !plan.itemType)) names.add('type APIPromise');
  if (operations.some((plan) => plan.itemType)) names.add('type PagePromise');
  if (operations.length > 0) names.add('type RequestOptions');
  return [...names].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
}

function resourceFile(project: ReturnType<typeof createProject>, top: ResourceNode): string {
  const nodes = flatten(top);
  const hasOperations = nodes.some((node) => node.operations.length > 0);
  const statements: StatementStructures[] = [{ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../core/index.js', namedImports: runtimeImports(nodes, ['APIResource']) }];
  if (hasOperations) {
    statements.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../models.js', namespaceImport: 'Models' });
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: '../operations.js', namespaceImport: 'operations' });
  }
  statements.push(...nodes.map(resourceClass));
  return printStructure(project, `${top.property}.ts`, { statements });
}

function clientFile(project: ReturnType<typeof createProject>, ir: Ir, clientName: string, root: ResourceNode, resourceFiles: Array<{ top: ResourceNode; file: string }>): string {
  const c = ir.conventions;
  const shape = sdkShape(ir);
  const config = {
    apiKeyEnv: `${shape.names.envPrefix}_API_KEY`,
    baseUrlEnv: `${shape.names.envPrefix}_BASE_URL`,
    defaultBaseURL: shape.baseUrl,
    retryPolicy: c.retryPolicy,
    keyPrefixes: c.keyPrefixes.map((prefix) => ({ prefix: prefix.prefix, environment: prefix.prefix.split('_')[0], type: prefix.type })),
    auth: shape.auth,
    ...(c.requestIdHeader ? { requestIdHeader: c.requestIdHeader } : {}),
    ...(c.rateLimit.limitHeader || c.rateLimit.remainingHeader ? { rateLimitHeaders: { limit: c.rateLimit.limitHeader, remaining: c.rateLimit.remainingHeader } } : {}),
    ...(c.specDigestHeader ? { specDigest: { header: c.specDigestHeader, value: ir.digest } } : {}),
    userAgent: `${shape.names.packageName}/${ir.info.version}`,
  };
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './core/index.js', namedImports: runtimeImports([root], ['BaseClient', 'type ClientConfig', 'type ClientOptions']) },
  ];
  if (root.operations.length > 0) {
    statements.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './models.js', namespaceImport: 'Models' });
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './operations.js', namespaceImport: 'operations' });
  }
  for (const { top, file } of resourceFiles) statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./${file.replace(/\.ts$/, '.js')}`, namedImports: [top.className] });
  statements.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['What the spec says about this API: where it lives, how keys work, how to retry.'],
    declarations: [{ name: 'CONFIG', type: 'ClientConfig', initializer: JSON.stringify(config, null, 2) }],
  });
  const client = clientClass(clientName, root, ir.info.title);
  const webhooks = webhooksProperty(ir, root.children.map((child) => child.property));
  if (webhooks) {
    const firstStatement = statements.findIndex((statement) => statement.kind !== StructureKind.ImportDeclaration);
    statements.splice(firstStatement, 0, { kind: StructureKind.ImportDeclaration, moduleSpecifier: './webhooks.js', namedImports: ['WEBHOOK_CONFIG', 'type WebhookEvent'] });
    statements[0] = { ...statements[0], namedImports: [...(statements[0] as { namedImports: string[] }).namedImports, 'Webhooks'] } as StatementStructures;
    client.properties = [...(client.properties ?? []), webhooks];
  }
  statements.push(client);
  return printStructure(project, 'client.ts', { statements });
}

function indexFile(ir: Ir, clientName: string): string {
  return [
    `export { ${clientName}, ${clientName} as default } from './client.js';`,
    "export * from './core/index.js';",
    "export type * from './models.js';",
    "export type { components, paths } from './schema.js';",
    ...(webhooksFile(ir) ? ["export type { WebhookEvent } from './webhooks.js';"] : []),
    '',
  ].join('\n');
}
