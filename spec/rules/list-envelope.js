// house-list-envelope: a list operation returns the list envelope and takes the three paging
// parameters with their bounds: limit 1..100 default 25, starting_after, ending_before.
// A list is judged by what it returns, not by its path: a GET whose 200 body is an array, or an
// object with a `data` array or any envelope marker (`object: list`, has_more, a cursor). A single
// sub-resource such as GET /v1/nature/subjects/{id}/consent (one object) is not a list.
import { mergeAllOf, jsonSchemaOf, isExempt, isIntegerSchema } from './operations.js';

const ENVELOPE = ['object', 'data', 'has_more', 'next_cursor', 'previous_cursor', 'request_id'];
const MARKERS = ['has_more', 'next_cursor', 'previous_cursor'];

const typeIs = (schema, type) =>
  schema?.type === type || (Array.isArray(schema?.type) && schema.type.includes(type));

export default function listEnvelope(operation, _options, context) {
  if (isExempt(context)) return [];
  const path = String(context.path[context.path.length - 2]);
  const success = operation.responses?.['200'];
  const schema = jsonSchemaOf(success);
  const responsePath = [...context.path, 'responses', '200'];
  if (typeIs(schema, 'array')) {
    return [
      {
        message: `List operation GET ${path} returns a bare array; return the list envelope (${ENVELOPE.join(', ')}) so it can page.`,
        path: responsePath,
      },
    ];
  }
  const body = mergeAllOf(schema);
  const isList =
    typeIs(body.properties?.data, 'array') ||
    body.properties?.object?.const === 'list' ||
    MARKERS.some((name) => body.properties?.[name]);
  if (!isList) return [];

  const results = [];
  const missing = ENVELOPE.filter((name) => !body.properties?.[name]);
  if (missing.length)
    results.push({
      message: `List response must carry the envelope field(s): ${missing.join(', ')}.`,
      path: responsePath,
    });
  const notRequired = ENVELOPE.filter((name) => body.properties?.[name] && !body.required?.includes(name));
  if (notRequired.length)
    results.push({
      message: `List envelope field(s) must be required: ${notRequired.join(', ')}.`,
      path: responsePath,
    });
  if (body.properties?.data && !typeIs(body.properties.data, 'array'))
    results.push({ message: 'List envelope field "data" must be an array.', path: responsePath });
  if (body.properties?.object && body.properties.object.const !== 'list')
    results.push({
      message: 'List envelope field "object" must be the constant "list".',
      path: responsePath,
    });

  const params = [
    ...(context.document.data.paths?.[path]?.parameters ?? []),
    ...(operation.parameters ?? []),
  ];
  const query = (name) => params.find((param) => param?.in === 'query' && param.name === name);
  const paramsPath = [...context.path, 'parameters'];
  const limit = query('limit');
  if (!limit)
    results.push({
      message: `List operation GET ${path} must take the "limit" query parameter.`,
      path: paramsPath,
    });
  else {
    const schema = limit.schema ?? {};
    if (!isIntegerSchema(schema) || schema.minimum !== 1 || schema.maximum !== 100 || schema.default !== 25) {
      results.push({
        message: '"limit" must be an integer with minimum 1, maximum 100 and default 25.',
        path: paramsPath,
      });
    }
  }
  for (const name of ['starting_after', 'ending_before']) {
    if (!query(name))
      results.push({
        message: `List operation GET ${path} must take the "${name}" query parameter.`,
        path: paramsPath,
      });
  }
  return results;
}
