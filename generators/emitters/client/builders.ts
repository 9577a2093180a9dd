/**
 * Small pure builders of ts-morph structures for the client. Each says in its doc line the code
 * it makes.
 */
import { Scope, StructureKind, type ClassDeclarationStructure, type MethodDeclarationStructure, type OptionalKind, type PropertyDeclarationStructure, type TypeAliasDeclarationStructure, type VariableStatementStructure, VariableDeclarationKind } from 'ts-morph';
import type { IrOperation } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import type { OperationPlan, ResourceNode } from './plan.js';

/** Escapes text for a JSDoc block. */
function docText(text: string): string {
  return text.replace(/\*\//g, '*\\/').trim();
}

/** Example: a JSDoc "Create a subject\n\n`POST /v1/nature/subjects`". */
export function operationDoc(operation: IrOperation): string {
  const lines = [operation.summary ?? operation.id, '', `\`${operation.method.toUpperCase()} ${operation.path}\``];
  if (operation.description && operation.description.trim() !== operation.summary?.trim()) lines.push('', operation.description);
  if (operation.deprecated) lines.push('', '@deprecated');
  return docText(lines.join('\n'));
}

/** Example: `export type Subject = components['schemas']['Subject'];` */
export function schemaAlias(name: string, schemaName: string): TypeAliasDeclarationStructure {
  return { kind: StructureKind.TypeAlias, name, isExported: true, type: `components['schemas'][${stringLiteral(schemaName)}]` };
}

/** Example: `export type ListSubjectsItem = ListSubjectsResponse['data'][number];` */
export function typeAlias(name: string, type: string, doc?: string): TypeAliasDeclarationStructure {
  return { kind: StructureKind.TypeAlias, name, isExported: true, type, docs: doc ? [doc] : undefined };
}

/** Example: `readonly subjects: NatureSubjects = new NatureSubjects(this._client);` */
export function childResourceProperty(child: ResourceNode, clientExpression: string): OptionalKind<PropertyDeclarationStructure> {
  return { name: child.property, isReadonly: true, type: child.className, initializer: `new ${child.className}(${clientExpression})` };
}

/** Example: `create(params: Models.CreateSubjectParams, options?: RequestOptions): APIPromise<Models.CreateSubjectResponse> { ... }` */
export function operationMethod(plan: OperationPlan, clientExpression: string): OptionalKind<MethodDeclarationStructure> {
  const { operation } = plan;
  const parameters = plan.pathArgs.map((arg) => ({ name: arg.name, type: 'string | number' }));
  if (plan.paramsType) parameters.push({ name: plan.paramsRequired ? 'params' : 'params?', type: `Models.${plan.paramsType}` });
  parameters.push({ name: 'options?', type: 'RequestOptions' });
  const pathList = `[${plan.pathArgs.map((arg) => arg.name).join(', ')}]`;
  const paramsArg = plan.paramsType ? 'params' : 'undefined';
  const call = plan.itemType
    ? `return ${clientExpression}.requestPage<Models.${plan.itemType}>(operations.${plan.descriptorName}, ${pathList}, ${paramsArg}, options);`
    : `return ${clientExpression}.request<Models.${plan.responseType}>(operations.${plan.descriptorName}, ${pathList}, ${paramsArg}, options);`;
  return {
    kind: StructureKind.Method,
    name: plan.methodName,
    docs: [operationDoc(operation)],
    parameters: parameters.map((parameter) => ({ name: parameter.name.replace(/\?$/, ''), type: parameter.type, hasQuestionToken: parameter.name.endsWith('?') })),
    returnType: plan.itemType ? `PagePromise<Models.${plan.itemType}>` : `APIPromise<Models.${plan.responseType}>`,
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

/** Example: `export const createSubject: OperationSpec = { method: 'post', path: '/v1/nature/subjects', ... };` */
export function operationDescriptor(plan: OperationPlan): VariableStatementStructure {
  const { operation } = plan;
  const spec: Record<string, unknown> = {
    method: operation.method,
    path: operation.path,
    pathParams: plan.pathArgs.map((arg) => arg.param),
    query: operation.parameters.query.map((param) => param.name),
    headers: plan.headerParams,
    body: plan.bodyMode,
  };
  if (operation.body) spec.bodyContentType = operation.body.contentType;
  if (operation.body?.required) spec.bodyRequired = true;
  if (operation.idempotencyHeader) spec.idempotencyHeader = operation.idempotencyHeader;
  if (operation.pagination) {
    const { dataField, hasMoreField, nextCursorField, previousCursorField, forwardParam, backwardParam } = operation.pagination;
    spec.pagination = Object.fromEntries(Object.entries({ dataField, hasMoreField, nextCursorField, previousCursorField, forwardParam, backwardParam }).filter(([, value]) => value !== undefined));
  }
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
    ctors: [{ parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }], statements: ['super(CONFIG, options);'], scope: Scope.Public }],
    methods: root.operations.map((plan) => operationMethod(plan, 'this')),
  };
}
