// house-emitted-after: a webhook's `x-emitted-after` names real operations and well-formed
// runtime expressions, so the contract suites' events stage can make the calls it describes.
//   x-emitted-after:
//     - operationId: submitAssessment                      (an operation under paths)
//       when: { '$request.body#/status': completed }       (request values that cause the event)
//       payload: { '/data/object/id': '$response.body#/id' } (JSON pointer in the event -> expression or constant)
import { METHODS } from './operations.js';

const REQUEST_EXPRESSION = /^\$request\.(body#(\/[^/]*)*|path\.[^.]+|query\.[^.]+|header\.[^.]+)$/;
const VALUE_EXPRESSION =
  /^\$(request\.(body#(\/[^/]*)*|path\.[^.]+|query\.[^.]+|header\.[^.]+)|response\.(body#(\/[^/]*)*|header\.[^.]+))$/;

function operationsById(document) {
  const byId = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation && typeof operation.operationId === 'string')
        byId.set(operation.operationId, { path, operation });
    }
  }
  return byId;
}

export default function emittedAfter(webhook, _options, context) {
  const declared = webhook?.['x-emitted-after'];
  if (declared === undefined) return [];
  const base = [...context.path, 'x-emitted-after'];
  if (!Array.isArray(declared) || declared.length === 0)
    return [
      { message: 'x-emitted-after must be a non-empty list of {operationId, when?, payload?}.', path: base },
    ];
  const operations = operationsById(context.document.data);
  const results = [];
  declared.forEach((entry, index) => {
    const at = [...base, index];
    if (!entry || typeof entry !== 'object')
      return results.push({
        message: 'Each x-emitted-after entry is an object {operationId, when?, payload?}.',
        path: at,
      });
    const target = operations.get(entry.operationId);
    if (!target)
      return results.push({
        message: `x-emitted-after names operationId ${JSON.stringify(entry.operationId)}, which no operation under paths has.`,
        path: [...at, 'operationId'],
      });
    const checkExpression = (expression, pattern, where) => {
      if (typeof expression !== 'string' || !expression.startsWith('$')) return;
      if (!pattern.test(expression))
        return results.push({
          message: `${JSON.stringify(expression)} is not a runtime expression this place takes ($request.body#/…, $request.path.…, $request.query.…, $request.header.…${pattern === VALUE_EXPRESSION ? ', $response.body#/…, $response.header.…' : ''}).`,
          path: where,
        });
      const name = /^\$request\.path\.(.+)$/.exec(expression)?.[1];
      if (name && !target.path.includes(`{${name}}`))
        results.push({
          message: `${expression}: ${entry.operationId} (${target.path}) has no path parameter ${name}.`,
          path: where,
        });
    };
    for (const key of ['when', 'payload']) {
      if (entry[key] === undefined) continue;
      if (!entry[key] || typeof entry[key] !== 'object' || Array.isArray(entry[key])) {
        results.push({ message: `x-emitted-after ${key} must be an object.`, path: [...at, key] });
        continue;
      }
      for (const [name, value] of Object.entries(entry[key])) {
        if (key === 'when')
          checkExpression(name.startsWith('$') ? name : `$${name}`, REQUEST_EXPRESSION, [...at, key, name]);
        else if (!name.startsWith('/'))
          results.push({
            message: `payload key ${JSON.stringify(name)} must be a JSON pointer into the event (e.g. /data/object/id).`,
            path: [...at, key, name],
          });
        else checkExpression(value, VALUE_EXPRESSION, [...at, key, name]);
      }
    }
    for (const key of Object.keys(entry))
      if (!['operationId', 'when', 'payload', 'description'].includes(key))
        results.push({
          message: `x-emitted-after entries take operationId, when, payload and description, not ${key}.`,
          path: [...at, key],
        });
  });
  return results;
}
