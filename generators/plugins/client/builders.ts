/**
 * Small pure builders of ts-morph structures for the client. Each says in its doc line the code
 * it makes.
 */
import {
  Scope,
  StructureKind,
  type ClassDeclarationStructure,
  type MethodDeclarationStructure,
  type OptionalKind,
  type PropertyDeclarationStructure,
  type TypeAliasDeclarationStructure,
  type VariableStatementStructure,
  VariableDeclarationKind,
} from 'ts-morph';
import type { IrOperation } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { pageClasses, wirePaging, type WireParam } from '../../sdk-shape/index.js';
import type { OperationPlan, ResourceNode } from './plan.js';

/** Escapes text for a JSDoc block. */
function docText(text: string): string {
  return text.replace(/\*\//g, '*\\/').trim();
}

/** Example: a JSDoc "Create a subject\n\n`POST /v1/nature/subjects`". */
export function operationDoc(operation: IrOperation): string {
  const lines = [
    operation.summary ?? operation.id,
    '',
    `\`${operation.method.toUpperCase()} ${operation.path}\``,
  ];
  if (operation.description && operation.description.trim() !== operation.summary?.trim())
    lines.push('', operation.description);
  if (operation.deprecated) lines.push('', '@deprecated');
  return docText(lines.join('\n'));
}

/** Example: `export type Subject = components['schemas']['Subject'];` */
export function schemaAlias(name: string, schemaName: string): TypeAliasDeclarationStructure {
  return {
    kind: StructureKind.TypeAlias,
    name,
    isExported: true,
    type: `components['schemas'][${stringLiteral(schemaName)}]`,
  };
}

/** Example: `export type ListSubjectsItem = ListSubjectsResponse['data'][number];` */
export function typeAlias(name: string, type: string, doc?: string): TypeAliasDeclarationStructure {
  return { kind: StructureKind.TypeAlias, name, isExported: true, type, docs: doc ? [doc] : undefined };
}

/** Example: `readonly subjects: NatureSubjects = new NatureSubjects(this._client);` */
export function childResourceProperty(
  child: ResourceNode,
  clientExpression: string,
): OptionalKind<PropertyDeclarationStructure> {
  return {
    name: child.property,
    isReadonly: true,
    type: child.className,
    initializer: `new ${child.className}(${clientExpression})`,
  };
}

/** Example: `create(params: Models.CreateSubjectParams, options?: RequestOptions): APIPromise<Models.CreateSubjectResponse> { ... }` */
export function operationMethod(
  plan: OperationPlan,
  clientExpression: string,
): OptionalKind<MethodDeclarationStructure> {
  const { operation } = plan;
  const shapes = new Map(
    plan.shape.wire.params.filter((param) => param.in === 'path').map((param) => [param.name, param.shape]),
  );
  const parameters = plan.pathArgs.map((arg) => ({
    name: arg.name,
    type:
      plan.pathParamsType && (shapes.get(arg.param) === 'array' || shapes.get(arg.param) === 'object')
        ? `Models.${plan.pathParamsType}[${stringLiteral(arg.param)}]`
        : 'string | number',
  }));
  if (plan.paramsType)
    parameters.push({ name: plan.paramsRequired ? 'params' : 'params?', type: `Models.${plan.paramsType}` });
  // Several response media types: `accept` picks one, and the result type follows it (a paged list reads JSON pages: none).
  const accept =
    plan.responsesType && !plan.itemType
      ? {
          name: 'Accept',
          constraint: `keyof Models.${plan.responsesType}`,
          default: stringLiteral(plan.responses[0].media.mediaType),
        }
      : undefined;
  parameters.push({
    name: 'options?',
    type: accept ? 'RequestOptions & { accept?: Accept }' : 'RequestOptions',
  });
  const result = accept ? `Models.${plan.responsesType}[Accept]` : `Models.${plan.responseType}`;
  const pathList = `[${plan.pathArgs.map((arg) => arg.name).join(', ')}]`;
  const paramsArg = plan.paramsType ? 'params' : 'undefined';
  // Our cursor lists page with the default page class (CursorPage); the others name theirs.
  const pageClass = operation.pagination && pageClasses(operation.pagination).typescript;
  const pageArgs = plan.itemType
    ? `Models.${plan.itemType}${pageClass === 'CursorPage' ? '' : `, ${pageClass}<Models.${plan.itemType}>`}`
    : '';
  const call = plan.itemType
    ? `return ${clientExpression}.requestPage<${pageArgs}>(operations.${plan.descriptorName}, ${pathList}, ${paramsArg}, options);`
    : `return ${clientExpression}.request<${result}>(operations.${plan.descriptorName}, ${pathList}, ${paramsArg}, options);`;
  return {
    kind: StructureKind.Method,
    name: plan.methodName,
    docs: [operationDoc(operation)],
    ...(accept ? { typeParameters: [accept] } : {}),
    parameters: parameters.map((parameter) => ({
      name: parameter.name.replace(/\?$/, ''),
      type: parameter.type,
      hasQuestionToken: parameter.name.endsWith('?'),
    })),
    returnType: plan.itemType ? `PagePromise<${pageArgs}>` : `APIPromise<${result}>`,
    statements: [call],
  };
}

/** Example: `export class NatureSubjects extends APIResource { readonly assessments = ...; list(...) {...} }` */
export function resourceClass(node: ResourceNode): ClassDeclarationStructure {
  return {
    kind: StructureKind.Class,
    name: node.className,
    isExported: true,
    extends: 'APIResource',
    docs: [`Operations under \`${node.chain.join('.')}\`.`],
    properties: node.children.map((child) => childResourceProperty(child, 'this._client')),
    methods: node.operations.map((plan) => operationMethod(plan, 'this._client')),
  };
}

/** A wire parameter as the runtime's ParamSpec: location defaults left out. */
function paramSpec(param: WireParam, deprecated: boolean, whenAbsent?: string): Record<string, unknown> {
  const defaultStyle = param.in === 'path' || param.in === 'header' ? 'simple' : 'form';
  return {
    name: param.name,
    in: param.in,
    ...(param.style !== defaultStyle ? { style: param.style } : {}),
    ...(param.explode !== (param.style === 'form') ? { explode: param.explode } : {}),
    ...(param.shape !== 'primitive' ? { shape: param.shape } : {}),
    ...(param.json ? { json: true } : {}),
    ...(param.allowReserved ? { allowReserved: true } : {}),
    ...(param.allowEmptyValue ? { allowEmptyValue: true } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    ...(whenAbsent !== undefined ? { whenAbsent } : {}),
  };
}

/** Example: `export const createSubject: OperationSpec = { method: 'post', path: '/v1/nature/subjects', ... };` */
export function operationDescriptor(plan: OperationPlan): VariableStatementStructure {
  const { operation } = plan;
  const wire = plan.shape.wire;
  const bodies = wire.bodies.map((body, index) => ({
    mediaType: body.mediaType,
    kind: body.kind,
    mode: plan.bodies[index].mode,
    ...(body.parts ? { parts: body.parts } : {}),
  }));
  const spec: Record<string, unknown> = {
    method: operation.method,
    path: operation.path,
    params: wire.params
      .filter((param) => param.name !== operation.idempotencyHeader || param.in !== 'header')
      .map((param) =>
        paramSpec(
          param,
          operation.parameters[param.in].some(
            (declared) => declared.name === param.name && declared.deprecated,
          ),
          param.in === 'header' ? plan.headerDefaults.get(param.name) : undefined,
        ),
      ),
  };
  if (bodies.length > 0) spec.bodies = bodies;
  if (plan.mediaTypeKey) spec.mediaTypeKey = plan.mediaTypeKey;
  if (operation.body?.required) spec.bodyRequired = true;
  if (wire.success.length > 0) spec.responses = wire.success;
  if (wire.resumeHeader) spec.resumeHeader = wire.resumeHeader;
  if (operation.idempotencyHeader) spec.idempotencyHeader = operation.idempotencyHeader;
  if (wire.match) spec.match = wire.match;
  if (wire.auth) spec.auth = wire.auth;
  if (operation.deprecated) spec.deprecated = true;
  if (wire.redirects) spec.redirects = wire.redirects;
  if (plan.shape.baseUrl) spec.baseURL = plan.shape.baseUrl;
  if (operation.pagination) spec.pagination = wirePaging(operation.pagination);
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [`\`${operation.method.toUpperCase()} ${operation.path}\` (${operation.id})`],
    declarations: [{ name: plan.descriptorName, type: 'OperationSpec', initializer: JSON.stringify(spec) }],
  };
}

/** Example: `export class AssessmentServiceClient extends BaseClient { readonly nature = new Nature(this); ... }` */
export function clientClass(name: string, root: ResourceNode, title: string): ClassDeclarationStructure {
  return {
    kind: StructureKind.Class,
    name,
    isExported: true,
    extends: 'BaseClient',
    docs: [`Client for the ${title}.`],
    properties: root.children.map((child) => childResourceProperty(child, 'this')),
    ctors: [
      {
        parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
        statements: ['super(CONFIG, options);'],
        scope: Scope.Public,
      },
    ],
    methods: root.operations.map((plan) => operationMethod(plan, 'this')),
  };
}
