// house-scopes-by-method: under /v<n>/<product>/, reads need <product>:read and writes need
// <product>:write (GET/HEAD read; POST, PUT, PATCH, DELETE write).
import { METHODS, productOf, effectiveSecurity, isExemptOperation, isPublic } from './operations.js';

export default function scopesByMethod(pathItem, _options, context) {
  const path = context.path[context.path.length - 1];
  const product = productOf(String(path));
  if (!product) return [];
  const document = context.document.data;
  const results = [];
  for (const method of METHODS) {
    const operation = pathItem[method];
    if (!operation || method === 'options' || isExemptOperation(operation, context.rule?.name)) continue;
    const access = method === 'get' || method === 'head' ? 'read' : 'write';
    const wanted = `${product}:${access}`;
    const where = [...context.path, method, 'security'];
    if (isPublic(operation, document)) {
      results.push({
        message: `${method.toUpperCase()} ${path} must require the "${wanted}" scope, not be public.`,
        path: where,
      });
      continue;
    }
    const security = effectiveSecurity(operation, document);
    if (
      !security.some((requirement) => Object.values(requirement).some((scopes) => scopes?.includes(wanted)))
    ) {
      results.push({
        message: `${method.toUpperCase()} ${path} must require the "${wanted}" scope.`,
        path: where,
      });
    }
  }
  return results;
}
