// house-public-reason: an operation that needs no credentials says why, in x-public-reason.
// Replaces OWASP's read-restricted, which allows no public operation at all (not even health).
import { isPublic, isExempt } from './operations.js';

export default function publicReason(operation, _options, context) {
  if (isExempt(context)) return [];
  if (!isPublic(operation, context.document.data)) return [];
  const reason = operation['x-public-reason'];
  if (typeof reason === 'string' && reason.trim()) return [];
  return [
    {
      message: 'A public operation (no security) must say why in x-public-reason.',
      path: [...context.path, 'security'],
    },
  ];
}
