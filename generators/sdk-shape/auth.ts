/**
 * How an SDK sends credentials, decided once for every language from the security schemes the
 * operations use: a bearer token, an API key in a header, query parameter or cookie, or nothing.
 * A cookie session wins over the rest: with it, a header apiKey scheme required alongside the
 * cookie in one alternative is its CSRF token (the dashboard's `session` + `csrf`).
 */
import type { Ir } from '../core/ir.js';

export type AuthPlan =
  | { kind: 'bearer' }
  | { kind: 'header'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'cookie'; name: string; csrfHeader?: string }
  | { kind: 'none' };

export function authPlan(ir: Ir): AuthPlan {
  const used = ir.operations.flatMap((operation) => operation.security.alternatives.flat().map((requirement) => requirement.scheme));
  const schemes = ir.securitySchemes.filter((candidate) => used.includes(candidate.name));
  const cookie = schemes.find((candidate) => candidate.type === 'apiKey' && candidate.in === 'cookie' && candidate.parameterName);
  if (cookie) {
    const partners = ir.operations.flatMap((operation) => operation.security.alternatives.filter((alternative) => alternative.some((requirement) => requirement.scheme === cookie.name)).flat());
    const csrf = schemes.find((candidate) => candidate.type === 'apiKey' && candidate.in === 'header' && candidate.parameterName && partners.some((requirement) => requirement.scheme === candidate.name));
    return { kind: 'cookie', name: cookie.parameterName!, ...(csrf ? { csrfHeader: csrf.parameterName! } : {}) };
  }
  const scheme = schemes[0];
  if (!scheme) return { kind: 'none' };
  if (scheme.type === 'apiKey' && scheme.parameterName && scheme.in === 'header') return { kind: 'header', name: scheme.parameterName };
  if (scheme.type === 'apiKey' && scheme.parameterName && scheme.in === 'query') return { kind: 'query', name: scheme.parameterName };
  return { kind: 'bearer' };
}
