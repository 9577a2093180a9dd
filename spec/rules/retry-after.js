// house-429-retry-after: a 429 says when to come back, as a required integer of seconds.
import { headerOf, isIntegerSchema, isExempt } from './operations.js';

export default function retryAfter(response, _options, context) {
  if (isExempt(context)) return [];
  const header = headerOf(response, 'Retry-After');
  const path = [...context.path, 'headers'];
  if (!header) return [{ message: 'A 429 response must define the Retry-After header.', path }];
  if (!isIntegerSchema(header.schema))
    return [{ message: 'Retry-After must be an integer number of seconds.', path }];
  if (header.required !== true) return [{ message: 'Retry-After must be required on a 429.', path }];
  return [];
}
