// house-list-envelope: a list operation (a GET of a collection under a product, or any GET whose
// 200 body has a `data` array) returns the list envelope and takes the three paging parameters
// with their bounds: limit 1..100 default 25, starting_after, ending_before.
import { productOf, segments, mergeAllOf, jsonSchemaOf, isIntegerSchema } from './operations.js';

const ENVELOPE = ['object', 'data', 'has_more', 'next_cursor', 'previous_cursor', 'request_id'];

function isCollectionPath(path) {
  const last = segments(path).at(-1) ?? '';
  return productOf(path) !== null && !last.startsWith('{');
}

export default function listEnvelope(operation, _options, context) {
  const path = String(context.path[context.path.length - 2]);
  const success = operation.responses?.['200'];
  const body = mergeAllOf(jsonSchemaOf(success));
  const hasDataArray = body.properties?.data?.type === 'array';
  if (!isCollectionPath(path) && !hasDataArray) return [];

  const results = [];
  const responsePath = [...context.path, 'responses', '200'];
  if (!success) return [{ message: `List operation GET ${path} must define a 200 response with the list envelope.`, path: [...context.path, 'responses'] }];
  const missing = ENVELOPE.filter((name) => !body.properties?.[name]);
  if (missing.length) results.push({ message: `List response must carry the envelope field(s): ${missing.join(', ')}.`, path: responsePath });
  const notRequired = ENVELOPE.filter((name) => body.properties?.[name] && !body.required?.includes(name));
  if (notRequired.length) results.push({ message: `List envelope field(s) must be required: ${notRequired.join(', ')}.`, path: responsePath });
  if (body.properties?.data && body.properties.data.type !== 'array') results.push({ message: 'List envelope field "data" must be an array.', path: responsePath });
  if (body.properties?.object && body.properties.object.const !== 'list') results.push({ message: 'List envelope field "object" must be the constant "list".', path: responsePath });

  const params = [...(context.document.data.paths?.[path]?.parameters ?? []), ...(operation.parameters ?? [])];
  const query = (name) => params.find((param) => param?.in === 'query' && param.name === name);
  const paramsPath = [...context.path, 'parameters'];
  const limit = query('limit');
  if (!limit) results.push({ message: `List operation GET ${path} must take the "limit" query parameter.`, path: paramsPath });
  else {
    const schema = limit.schema ?? {};
    if (!isIntegerSchema(schema) || schema.minimum !== 1 || schema.maximum !== 100 || schema.default !== 25) {
      results.push({ message: '"limit" must be an integer with minimum 1, maximum 100 and default 25.', path: paramsPath });
    }
  }
  for (const name of ['starting_after', 'ending_before']) {
    if (!query(name)) results.push({ message: `List operation GET ${path} must take the "${name}" query parameter.`, path: paramsPath });
  }
  return results;
}
