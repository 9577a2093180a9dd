/**
 * A parameter as a decoder reads it (generators/core/param-decoding.ts): the SDKs' spelling, with
 * the property names an exploded object's pairs are found by. The server stubs decode requests by
 * it, and the MSW handlers decode the query they hand a resolver.
 */
import type { Ir, IrParameter, JsonSchema } from '../core/ir.js';
import type { WireParam as DecodingParam } from '../core/param-decoding.js';
import { wireParam } from './wire.js';

export type { DecodingParam };

/** An object schema's declared property names, and whether it takes others. */
export function objectInfo(ir: Ir, schema: JsonSchema): { properties?: string[]; openObject?: true } {
  const flat = ir.model.flatten(schema);
  if (!flat || typeof flat !== 'object') return {};
  return {
    ...(flat.properties ? { properties: Object.keys(flat.properties) } : {}),
    ...(flat.additionalProperties !== false ? { openObject: true as const } : {}),
  };
}

/** Whether a schema's values are objects or arrays, which the SDKs write as JSON text inside a style. */
const nested = (ir: Ir, schema: unknown) => ['object', 'array'].includes(ir.model.shape(schema));

/**
 * The values nested inside a styled array or object (an array of objects or of arrays, an object
 * with an array property), in any place (mimic's path array of arrays): the SDKs write each as JSON
 * text, which the decoder parses.
 */
function nestedInfo(ir: Ir, param: IrParameter, shape: DecodingParam['shape']): Partial<DecodingParam> {
  if (param.contentType || param.style === 'deepObject') return {};
  if (shape === 'array') return nested(ir, ir.model.itemsOf(param.schema)) ? { jsonItems: true } : {};
  if (shape !== 'object') return {};
  const properties = ir.model.flatten(param.schema)?.properties as Record<string, unknown> | undefined;
  const names = Object.entries(properties ?? {})
    .filter(([, schema]) => nested(ir, schema))
    .map(([name]) => name);
  return names.length > 0 ? { jsonProperties: names } : {};
}

/** The parameter as the SDKs spell it, with the properties an object's pairs are found by; reserved characters are decoded however they were sent. */
export function decodingParam(ir: Ir, param: IrParameter): DecodingParam {
  const { allowReserved: _decodedAlike, ...spelling } = wireParam(param);
  return {
    ...spelling,
    ...(spelling.shape === 'object' ? objectInfo(ir, param.schema) : {}),
    ...nestedInfo(ir, param, spelling.shape),
  };
}
