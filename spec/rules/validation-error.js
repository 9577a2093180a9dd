// house-validation-error: an operation that takes input defines 400 (never 422: the source says
// bad bodies get 400). Replaces OWASP's define-error-validation, which also demands one from
// operations that take no input at all.
import { isExempt } from './operations.js';
export default function validationError(operation, _options, context) {
  if (isExempt(context)) return [];
  const pathItem = context.document.data.paths?.[context.path[context.path.length - 2]] ?? {};
  const takesInput =
    Boolean(operation.requestBody) ||
    (operation.parameters ?? []).length > 0 ||
    (pathItem.parameters ?? []).length > 0;
  const results = [];
  if (takesInput && !operation.responses?.['400']) {
    results.push({
      message: 'An operation that takes parameters or a body must define a 400 response.',
      path: [...context.path, 'responses'],
    });
  }
  if (operation.responses?.['422']) {
    results.push({
      message: 'Validation failures are 400 in this API; do not define 422.',
      path: [...context.path, 'responses', '422'],
    });
  }
  return results;
}
