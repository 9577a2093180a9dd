/**
 * The TypeScript client package (`client/`): the hand-written runtime copied into `src/core/`,
 * openapi-typescript's types, named model types, one descriptor per operation, resource classes
 * whose methods are one-liners over the runtime, the client class, and package files.
 */
import { renderChangelog } from '../../changelog/render.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir, IrMedia, IrOperation, IrPagination } from '../../core/ir.js';
import { operationType as pathType, stringLiteral } from '../../core/naming.js';
import { printingProject, printStructure } from '../../core/ts-project.js';
import { fileNameScope, itemsPath, pageClasses, sdkShape } from '../../sdk-shape/index.js';
import { clientClass, operationDescriptor, resourceClass, schemaAlias, typeAlias } from './builders.js';
import type { ClientPluginOptions } from './options.js';
import { packageFiles } from './package-files.js';
import {
  clientEnvironment,
  planClient,
  type BodyVariant,
  type OperationPlan,
  type ResourceNode,
} from './plan.js';
import { webhooksFile, webhooksProperty } from './webhooks.js';

const RUNTIME_FILES = runtimeFiles(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime'),
  'client/src/core/',
);

/** `types`: the types plugin's rendering, which a worker thread finishes while this goes on. */
export async function emitClient(
  ir: Ir,
  types: Promise<string>,
  options: ClientPluginOptions = {},
): Promise<GeneratedFile[]> {
  const plan = planClient(ir);
  const project = printingProject();
  const files: GeneratedFile[] = [...RUNTIME_FILES];

  files.push({
    path: 'client/src/models.ts',
    content: modelsFile(project, plan.schemaTypes, plan.operations),
  });
  files.push({ path: 'client/src/operations.ts', content: operationsFile(project, plan.operations) });

  // Named after their property, but apart where two properties differ only in case (fileNameScope).
  const fileNames = fileNameScope();
  const resourceFiles = plan.root.children.map((top) => ({
    top,
    file: `resources/${fileNames.claim(top.property)}.ts`,
  }));
  for (const { top, file } of resourceFiles)
    files.push({ path: `client/src/${file}`, content: resourceFile(project, top) });
  files.push({
    path: 'client/src/client.ts',
    content: clientFile(project, ir, plan.clientName, plan.root, resourceFiles, options),
  });
  files.push({ path: 'client/src/index.ts', content: indexFile(ir, plan.clientName) });
  const webhooks = webhooksFile(ir);
  if (webhooks) files.push(webhooks);
  files.push(...packageFiles(ir, plan, options));
  files.push({
    path: 'client/CHANGELOG.md',
    content: renderChangelog(ir, `${sdkShape(ir).names.packageName} (TypeScript)`),
  });
  files.push({ path: 'client/src/schema.ts', content: await types });
  return files;
}

function statusKey(status: string): string {
  return /^\d+$/.test(status) ? status : stringLiteral(status);
}

/** The runtime types a models file uses, found in the types it prints. */
const RUNTIME_TYPES = ['BinaryBody', 'ServerSentEvent', 'Stream', 'WithUploads'];

/** The result type of one success media type: parsed JSON, a string, the Response (binary), or a typed stream. */
function mediaResultType(operation: IrOperation, status: string, media: IrMedia): string {
  const declared = `${pathType(operation)}['responses'][${statusKey(status)}]['content'][${stringLiteral(media.mediaType)}]`;
  switch (media.kind) {
    case 'json':
      return declared;
    case 'text':
    case 'form':
      return 'string';
    case 'event-stream': {
      const data =
        media.stream?.dataSchema !== undefined ? declared : media.stream?.dataIsJson ? 'unknown' : 'string';
      return `Stream<ServerSentEvent<${data}>>`;
    }
    case 'ndjson':
      return `Stream<${media.stream?.dataSchema !== undefined ? declared : 'unknown'}>`;
    default:
      return 'Response';
  }
}

function responseTypeOf(plan: OperationPlan): string {
  const { operation } = plan;
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  if (!success || success.schema === undefined || !success.contentType) return 'void';
  return mediaResultType(operation, success.status, success.content[0]);
}

function responsesTypeOf(plan: OperationPlan): string {
  const status = plan.operation.successStatus!;
  return `{ ${plan.responses.map(({ media }) => `${stringLiteral(media.mediaType)}: ${mediaResultType(plan.operation, status, media)}`).join('; ')} }`;
}

/** The body part of the params for one request media type. */
function bodyTypeOf(plan: OperationPlan, variant: BodyVariant, required: boolean): string {
  const { operation } = plan;
  const declared = `NonNullable<${pathType(operation)}['requestBody']>['content'][${stringLiteral(variant.media.mediaType)}]`;
  let type: string;
  switch (variant.media.kind) {
    case 'json':
    case 'form':
      type = declared;
      break;
    case 'multipart': {
      const one = (variant.media.parts ?? [])
        .filter((part) => part.shape === 'file')
        .map((part) => stringLiteral(part.name));
      const many = (variant.media.parts ?? [])
        .filter((part) => part.shape === 'files')
        .map((part) => stringLiteral(part.name));
      type =
        one.length + many.length > 0
          ? `WithUploads<${declared}, ${one.join(' | ') || 'never'}${many.length > 0 ? `, ${many.join(' | ')}` : ''}>`
          : declared;
      break;
    }
    case 'text':
      type = 'string';
      break;
    default:
      type = 'BinaryBody';
  }
  return variant.mode === 'merged' ? type : `{ body${required ? '' : '?'}: ${type} }`;
}

function paramsTypeOf(plan: OperationPlan): string {
  const { operation } = plan;
  const parts: string[] = [];
  if (operation.parameters.query.length > 0)
    parts.push(`NonNullable<${pathType(operation)}['parameters']['query']>`);
  if (plan.headerParams.length > 0) {
    const headers = `NonNullable<${pathType(operation)}['parameters']['header']>`;
    parts.push(
      operation.idempotencyHeader
        ? `Omit<${headers}, ${stringLiteral(operation.idempotencyHeader)}>`
        : headers,
    );
  }
  if (plan.cookieParams.length > 0) parts.push(`NonNullable<${pathType(operation)}['parameters']['cookie']>`);
  const required = Boolean(operation.body?.required);
  if (plan.bodies.length === 1) parts.push(bodyTypeOf(plan, plan.bodies[0], required));
  if (plan.bodies.length > 1) {
    // Several request media types: the default needs no key, the others are picked by it.
    const key = plan.mediaTypeKey!;
    const variants = plan.bodies.map(
      (variant, index) =>
        `({ ${key}${index === 0 ? '?' : ''}: ${stringLiteral(variant.media.mediaType)} } & ${bodyTypeOf(plan, variant, required)})`,
    );
    parts.push(`(${variants.join(' | ')})`);
  }
  return parts.join(' & ') || 'Record<string, never>';
}

function modelsFile(
  project: ReturnType<typeof printingProject>,
  schemaTypes: Array<{ name: string; schemaName: string }>,
  operations: OperationPlan[],
): string {
  const aliases = schemaTypes.map((schema) => schemaAlias(schema.name, schema.schemaName));
  for (const plan of operations) {
    const label = `${plan.operation.method.toUpperCase()} ${plan.operation.path}`;
    if (plan.pathParamsType)
      aliases.push(
        typeAlias(
          plan.pathParamsType,
          `${pathType(plan.operation)}['parameters']['path']`,
          `Path parameters of \`${label}\`.`,
        ),
      );
    if (plan.paramsType)
      aliases.push(typeAlias(plan.paramsType, paramsTypeOf(plan), `Parameters of \`${label}\`.`));
    aliases.push(typeAlias(plan.responseType, responseTypeOf(plan), `Result of \`${label}\`.`));
    if (plan.responsesType)
      aliases.push(
        typeAlias(
          plan.responsesType,
          responsesTypeOf(plan),
          `Result of \`${label}\` per response media type (the \`accept\` option).`,
        ),
      );
    if (plan.itemType)
      aliases.push(
        typeAlias(
          plan.itemType,
          itemTypeOf(plan.responseType, plan.operation.pagination!),
          `One item of \`${label}\`.`,
        ),
      );
  }
  const used = RUNTIME_TYPES.filter((name) => {
    const usage = new RegExp(`\\b${name}<|\\b${name}\\b`);
    return aliases.some((alias) => typeof alias.type === 'string' && usage.test(alias.type));
  });
  return printStructure(project, 'models.ts', {
    statements: [
      ...(used.length > 0
        ? [
            {
              kind: StructureKind.ImportDeclaration as const,
              isTypeOnly: true,
              moduleSpecifier: './core/index.js',
              namedImports: used,
            },
          ]
        : []),
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: './schema.js',
        namedImports: ['components', 'paths'],
      },
      ...aliases,
    ],
  });
}

/**
 * One item's type, from the list's result type. Example: `ListPlanetsResult['data'][number]` (our
 * cursor envelope, whose data is required); `NonNullable<R['data']>[number]` for the other styles.
 */
function itemTypeOf(responseType: string, pagination: IrPagination): string {
  if (pagination.style === 'cursor') return `${responseType}[${stringLiteral(pagination.dataField)}][number]`;
  return `${itemsPath(pagination).reduce((type, key) => `NonNullable<${type}[${stringLiteral(key)}]>`, responseType)}[number]`;
}

function operationsFile(project: ReturnType<typeof printingProject>, operations: OperationPlan[]): string {
  return printStructure(project, 'operations.ts', {
    statements: [
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        moduleSpecifier: './core/operation.js',
        namedImports: ['OperationSpec'],
      },
      ...operations.map(operationDescriptor),
    ],
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
  if (
    operations.some(
      (plan) => plan.operation.pagination && pageClasses(plan.operation.pagination).typescript === 'Page',
    )
  )
    names.add('type Page');
  if (operations.length > 0) names.add('type RequestOptions');
  return [...names].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
}

function resourceFile(project: ReturnType<typeof printingProject>, top: ResourceNode): string {
  const nodes = flatten(top);
  const hasOperations = nodes.some((node) => node.operations.length > 0);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../core/index.js',
      namedImports: runtimeImports(nodes, ['APIResource']),
    },
  ];
  if (hasOperations) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: '../models.js',
      namespaceImport: 'Models',
    });
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../operations.js',
      namespaceImport: 'operations',
    });
  }
  statements.push(...nodes.map(resourceClass));
  return printStructure(project, `${top.property}.ts`, { statements });
}

function clientFile(
  project: ReturnType<typeof printingProject>,
  ir: Ir,
  clientName: string,
  root: ResourceNode,
  resourceFiles: Array<{ top: ResourceNode; file: string }>,
  options: ClientPluginOptions,
): string {
  const c = ir.conventions;
  const shape = sdkShape(ir);
  const config = {
    apiKeyEnv: clientEnvironment(shape.names.envPrefix).apiKey,
    baseUrlEnv: clientEnvironment(shape.names.envPrefix).baseUrl,
    logEnv: `${shape.names.envPrefix}_LOG`,
    defaultBaseURL: shape.baseUrl,
    retryPolicy: c.retryPolicy,
    keyPrefixes: c.keyPrefixes.map((prefix) => ({
      prefix: prefix.prefix,
      environment: prefix.prefix.split('_')[0],
      type: prefix.type,
    })),
    auth: {
      keyRequired: shape.auth.keyRequired,
      ...(shape.auth.cookieSession ? { cookieSession: true } : {}),
    },
    ...(c.requestIdHeader ? { requestIdHeader: c.requestIdHeader } : {}),
    ...(c.rateLimit.limitHeader || c.rateLimit.remainingHeader
      ? { rateLimitHeaders: { limit: c.rateLimit.limitHeader, remaining: c.rateLimit.remainingHeader } }
      : {}),
    ...(c.specDigestHeader ? { specDigest: { header: c.specDigestHeader, value: ir.digest } } : {}),
    userAgent: `${shape.names.packageName}/${ir.info.version}`,
    ...(options.timeout !== undefined ? { defaultTimeoutMs: options.timeout } : {}),
  };
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './core/index.js',
      namedImports: runtimeImports([root], ['BaseClient', 'type ClientConfig', 'type ClientOptions']),
    },
  ];
  if (root.operations.length > 0) {
    statements.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './models.js',
      namespaceImport: 'Models',
    });
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './operations.js',
      namespaceImport: 'operations',
    });
  }
  for (const { top, file } of resourceFiles)
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./${file.replace(/\.ts$/, '.js')}`,
      namedImports: [top.className],
    });
  statements.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['What the spec says about this API: where it lives, how keys work, how to retry.'],
    declarations: [{ name: 'CONFIG', type: 'ClientConfig', initializer: JSON.stringify(config, null, 2) }],
  });
  const client = clientClass(clientName, root, ir.info.title);
  const webhooks = webhooksProperty(
    ir,
    root.children.map((child) => child.property),
  );
  if (webhooks) {
    const firstStatement = statements.findIndex(
      (statement) => statement.kind !== StructureKind.ImportDeclaration,
    );
    statements.splice(firstStatement, 0, {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './webhooks.js',
      namedImports: ['WEBHOOK_CONFIG', 'type WebhookEvent'],
    });
    statements[0] = {
      ...statements[0],
      namedImports: [...(statements[0] as { namedImports: string[] }).namedImports, 'Webhooks'],
    } as StatementStructures;
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
