// house-error-schema: every 4xx/5xx response body is the shared error schema
// (components.schemas.Error), so clients parse every failure one way.
import { jsonSchemaOf, isExempt } from './operations.js';

export default function errorSchema(response, _options, context) {
  if (isExempt(context)) return [];
  const shared = context.documentInventory.resolved?.components?.schemas?.Error;
  if (!shared)
    return [
      {
        message: 'Error responses need a shared schema: define components.schemas.Error.',
        path: context.path,
      },
    ];
  const schema = jsonSchemaOf(response);
  if (!schema)
    return [
      {
        message: 'Error response must have an application/json body using components.schemas.Error.',
        path: context.path,
      },
    ];
  if (schema !== shared && JSON.stringify(schema) !== JSON.stringify(shared)) {
    return [
      {
        message: 'Error response body must be components.schemas.Error.',
        path: [...context.path, 'content'],
      },
    ];
  }
  return [];
}
