/**
 * What an operation's resolver is handed, as data and types: each query parameter's spelling
 * with the JSON types its text becomes (runtime/request.ts decodes by it), and the types of
 * `query` and `body`, written as the client writes its parameters (over the package's `paths`).
 */
import type { Ir, IrOperation, JsonSchema } from '../../core/ir.js';
import { operationType, stringLiteral } from '../../core/naming.js';
import { decodingParam } from '../../sdk-shape/index.js';
import type { QueryParam, ScalarType } from './runtime/request.js';

/** The JSON type text becomes: integer, number or boolean when the schema allows one (the first it lists). */
function scalarType(ir: Ir, schema: JsonSchema | undefined): ScalarType | undefined {
  if (schema === undefined) return undefined;
  const flat = ir.model.flatten(schema);
  if (!flat || typeof flat !== 'object') return undefined;
  const types: unknown[] = Array.isArray(flat.type) ? flat.type : [flat.type];
  return types.find(
    (type): type is ScalarType => type === 'integer' || type === 'number' || type === 'boolean',
  );
}

/** Each query parameter as the handler decodes it: its spelling, and the types its value, items or properties become. */
export function queryParams(ir: Ir, operation: IrOperation): QueryParam[] {
  return operation.parameters.query.map((param) => {
    const spelling = decodingParam(ir, param);
    if (spelling.json) return spelling;
    const flat = ir.model.flatten(param.schema);
    const properties = Object.entries((flat?.properties ?? {}) as Record<string, JsonSchema>)
      .map(([name, schema]) => [name, scalarType(ir, schema)] as const)
      .filter((entry): entry is readonly [string, ScalarType] => entry[1] !== undefined);
    const types = {
      ...(spelling.shape === 'primitive' || spelling.shape === 'unknown'
        ? { value: scalarType(ir, param.schema) }
        : {}),
      ...(spelling.shape === 'array' || spelling.shape === 'unknown'
        ? { items: scalarType(ir, flat?.items as JsonSchema | undefined) }
        : {}),
      ...(spelling.shape === 'object' && properties.length > 0
        ? { properties: Object.fromEntries(properties) }
        : {}),
    };
    const declared = Object.fromEntries(Object.entries(types).filter(([, type]) => type !== undefined));
    return Object.keys(declared).length > 0 ? { ...spelling, types: declared } : spelling;
  });
}

/**
 * The types of a resolver's `query` and `body`: the client's query parameters
 * (`NonNullable<paths['/v1/x']['get']['parameters']['query']>`, no property when there are
 * none) and its JSON request body (the first JSON media type's; `undefined` when the operation
 * takes none: another media type is read from `request`).
 */
export function resolverTypes(operation: IrOperation): { query: string; body: string } {
  const json = operation.body?.content.find((media) => media.kind === 'json');
  return {
    query:
      operation.parameters.query.length > 0
        ? `NonNullable<${operationType(operation)}['parameters']['query']>`
        : 'Record<never, never>',
    body: json
      ? `NonNullable<${operationType(operation)}['requestBody']>['content'][${stringLiteral(json.mediaType)}]`
      : 'undefined',
  };
}
