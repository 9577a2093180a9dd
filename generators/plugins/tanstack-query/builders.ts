/**
 * Small pure builders of the hooks package's code, one per kind of declaration; each says in its doc
 * line the code it makes. They print text: every declaration is a few lines of one fixed shape.
 */
import { propertyKey, stringLiteral } from '../../core/naming.js';
import type { CallArgument, QueryOperation } from './plan.js';

/** Example: a JSDoc block "List subjects\n\n`GET /v1/nature/subjects`". */
export function docBlock(lines: string[], indent = ''): string {
  const text = lines.join('\n').replace(/\*\//g, '*\\/').trimEnd();
  return `${indent}/**\n${text
    .split('\n')
    .map((line) => `${indent} *${line ? ` ${line}` : ''}`)
    .join('\n')}\n${indent} */\n`;
}

/** The operation's summary and `METHOD /path`, with its deprecation. */
export function operationLines(operation: QueryOperation, what: string): string[] {
  const { operation: op } = operation;
  return [
    `${op.summary?.trim().split('\n')[0] ?? op.id} (\`${op.method.toUpperCase()} ${op.path}\`): ${what}.`,
    ...(op.deprecated ? ['', '@deprecated'] : []),
  ];
}

/** Example: `subjectId: string | number, params?: Api.ListAssessmentsParams`. */
export function parameterList(args: CallArgument[], wrap: (type: string) => string = (type) => type): string {
  // An optional argument before a required one cannot be marked `?`: it takes `| undefined`.
  const lastRequired = args.map((arg) => !arg.optional).lastIndexOf(true);
  return args
    .map((arg, index) =>
      arg.optional && index > lastRequired
        ? `${arg.name}?: ${wrap(arg.type)}`
        : `${arg.name}: ${wrap(arg.optional ? `${arg.type} | undefined` : arg.type)}`,
    )
    .join(', ');
}

/** Example: `['assessment-service', 'nature', 'subjects']` as `[QUERY_KEY_ROOT, 'nature', 'subjects']`. */
export function keyPrefix(resource: string[]): string {
  return `[${['QUERY_KEY_ROOT', ...resource.map(stringLiteral)].join(', ')}]`;
}

/** Example: `{ operation: 'listSubjects', list: true, path: { subject_id: subjectId }, params }`. */
function keyEntry(
  operation: QueryOperation,
  infinite: boolean,
  values: (arg: CallArgument) => string,
): string {
  const path = operation.args.filter((arg) => arg.param !== undefined);
  const params = operation.args.find((arg) => arg.param === undefined);
  const fields = [
    `operation: ${stringLiteral(operation.operation.id)}`,
    ...(operation.list ? ['list: true'] : []),
    ...(infinite ? ['infinite: true'] : []),
    ...(path.length > 0
      ? [`path: { ${path.map((arg) => `${propertyKey(arg.param!)}: ${values(arg)}`).join(', ')} }`]
      : []),
    ...(params ? [values(params) === 'params' ? 'params' : `params: ${values(params)}`] : []),
  ];
  return `{ ${fields.join(', ')} }`;
}

/** The page type of an infinite query's data: `InfiniteData<Page, Page | null>`. */
export function infiniteDataType(operation: QueryOperation): string {
  return `InfiniteData<${operation.dataType}, ${operation.dataType} | null>`;
}

/** Example: `export function listSubjectsQueryKey(params?: Api.ListSubjectsParams) { return operationKey<…>([…], { … }); }` */
export function queryKeyFunction(operation: QueryOperation, infinite: boolean): string {
  const name = infinite ? operation.names.infiniteQueryKey : operation.names.queryKey;
  const data = infinite ? infiniteDataType(operation) : operation.dataType;
  return (
    docBlock(operationLines(operation, `the key of its ${infinite ? 'infinite ' : ''}query`)) +
    `export function ${name}(${parameterList(operation.args)}) {\n` +
    `  return operationKey<${data}, Api.ClientError>(${keyPrefix(operation.resource)}, ${keyEntry(operation, infinite, (arg) => arg.name)});\n` +
    `}\n`
  );
}

/** The client call with the arguments by name, and `options` last when given: `client.nature.subjects.list(params, { signal })`. */
function clientCall(
  operation: QueryOperation,
  values: (arg: CallArgument) => string,
  options?: string,
): string {
  return `${operation.method}(${[...operation.args.map(values), ...(options ? [options] : [])].join(', ')})`;
}

/** Example: `export function listSubjectsQueryOptions(client, params?): QueryOptionsFor<…> { return { queryKey, queryFn }; }` */
export function queryOptionsFunction(operation: QueryOperation, clientName: string): string {
  const names = operation.args.map((arg) => arg.name);
  return (
    docBlock(operationLines(operation, `\`${operation.method}\` as query options`)) +
    `export function ${operation.names.queryOptions}(${parameterList([{ name: 'client', type: `Api.${clientName}`, optional: false }, ...operation.args])}): QueryOptionsFor<${operation.dataType}, Api.ClientError> {\n` +
    `  return {\n` +
    `    queryKey: ${operation.names.queryKey}(${names.join(', ')}),\n` +
    `    queryFn: ({ signal }) => ${clientCall(operation, (arg) => arg.name, '{ signal }')},\n` +
    `  };\n` +
    `}\n`
  );
}

/** Example: `export function listSubjectsInfiniteQueryOptions(client, params?): InfiniteQueryOptionsFor<…> { … }` */
export function infiniteQueryOptionsFunction(operation: QueryOperation, clientName: string): string {
  const names = operation.args.map((arg) => arg.name);
  return (
    docBlock([
      ...operationLines(operation, 'every page, as infinite query options'),
      '',
      "Each page is asked for by the page before it (the client's own next-page rule); the last page is the one",
      'after which the client says no page follows.',
    ]) +
    `export function ${operation.names.infiniteQueryOptions}(${parameterList([{ name: 'client', type: `Api.${clientName}`, optional: false }, ...operation.args])}): InfiniteQueryOptionsFor<${operation.dataType}, Api.ClientError> {\n` +
    `  return {\n` +
    `    queryKey: ${operation.names.infiniteQueryKey}(${names.join(', ')}),\n` +
    `    queryFn: pageQuery((options) => ${clientCall(operation, (arg) => arg.name, 'options')}),\n` +
    `    initialPageParam: null,\n` +
    `    getNextPageParam: nextPageParam,\n` +
    `  };\n` +
    `}\n`
  );
}

/** Example: `export type CreateAssessmentVariables = { subjectId: string | number; params: Api.CreateAssessmentParams };` */
export function variablesType(operation: QueryOperation): string {
  const fields = operation.args.map((arg) => `${arg.name}${arg.optional ? '?' : ''}: ${arg.type}`);
  return (
    docBlock([
      `What \`mutate\` takes for ${operation.operation.id}: the client method's arguments by name.`,
    ]) +
    `export type ${operation.names.variables} = ${fields.length > 0 ? `{ ${fields.join('; ')} }` : 'void'};\n`
  );
}

/** Example: `export function createSubjectMutationOptions(client, invalidation = {}): MutationOptionsFor<…> { … }` */
export function mutationOptionsFunction(operation: QueryOperation, clientName: string): string {
  const call = clientCall(operation, (arg) => `variables.${arg.name}`);
  return (
    docBlock([
      ...operationLines(operation, `\`${operation.method}\` as mutation options`),
      '',
      `On success it invalidates the lists of \`${operation.resource.join('.') || 'the client'}\` (\`{ invalidate: false }\`: it does not).`,
    ]) +
    `export function ${operation.names.mutationOptions}(client: Api.${clientName}, invalidation: MutationInvalidation = {}): MutationOptionsFor<${operation.dataType}, ${operation.names.variables}> {\n` +
    `  return {\n` +
    `    mutationKey: ${keyPrefix(operation.resource).replace(/\]$/, '')}, { operation: ${stringLiteral(operation.operation.id)} }],\n` +
    `    mutationFn: (${operation.args.length > 0 ? 'variables' : ''}) => ${call},\n` +
    `    onSuccess: invalidatesLists(QUERY_KEY_ROOT, [${operation.resource.map(stringLiteral).join(', ')}], invalidation),\n` +
    `  };\n` +
    `}\n`
  );
}
