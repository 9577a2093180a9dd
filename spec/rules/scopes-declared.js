// house-scope-declared: every scope an operation requires is declared by its security scheme.
// Replaces spectral:oas `oas3-operation-security-defined`, which only knows OAuth flows and so
// rejects the role names OAS 3.1 allows on other schemes. Non-OAuth schemes declare their
// scopes in `x-scopes` (name -> { description, mintable }).
import { effectiveSecurity, isExempt } from './operations.js';

function declaredScopes(scheme) {
  if (scheme.type === 'oauth2') {
    return new Set(Object.values(scheme.flows ?? {}).flatMap((flow) => Object.keys(flow.scopes ?? {})));
  }
  return new Set(Object.keys(scheme['x-scopes'] ?? {}));
}

export default function scopesDeclared(operation, _options, context) {
  if (isExempt(context)) return [];
  const document = context.document.data;
  const schemes = document.components?.securitySchemes ?? {};
  const results = [];
  effectiveSecurity(operation, document).forEach((requirement, index) => {
    for (const [name, scopes] of Object.entries(requirement)) {
      const path = [...context.path, 'security', index, name];
      const scheme = schemes[name];
      if (!scheme) {
        results.push({
          message: `Security scheme "${name}" is not defined in components.securitySchemes.`,
          path,
        });
        continue;
      }
      const declared = declaredScopes(scheme);
      (scopes ?? []).forEach((scope, scopeIndex) => {
        if (!declared.has(scope)) {
          const where = scheme.type === 'oauth2' ? 'its OAuth flows' : 'its x-scopes';
          results.push({
            message: `Scope "${scope}" is not declared by "${name}" in ${where}.`,
            path: [...path, scopeIndex],
          });
        }
      });
    }
  });
  return results;
}
