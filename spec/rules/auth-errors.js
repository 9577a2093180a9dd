// house-auth-errors: an authenticated operation defines 401 and 403. Replaces OWASP's
// define-error-responses-401, which also demands a 401 from public operations.
import { isPublic, isExempt } from './operations.js';

export default function authErrors(operation, _options, context) {
  if (isExempt(context)) return [];
  if (isPublic(operation, context.document.data)) return [];
  return ['401', '403']
    .filter((status) => !operation.responses?.[status])
    .map((status) => ({
      message: `An authenticated operation must define a ${status} response.`,
      path: [...context.path, 'responses'],
    }));
}
