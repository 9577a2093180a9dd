// house-rate-limit-headers: the rate-limit headers are on every response, success and error.
import { headerOf, isIntegerSchema, isExempt } from './operations.js';

export default function rateLimitHeaders(response, _options, context) {
  if (isExempt(context)) return [];
  const results = [];
  for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining']) {
    const header = headerOf(response, name);
    if (!header)
      results.push({
        message: `Response must define the ${name} header.`,
        path: [...context.path, 'headers'],
      });
    else if (!isIntegerSchema(header.schema))
      results.push({ message: `${name} must have an integer schema.`, path: [...context.path, 'headers'] });
  }
  return results;
}
