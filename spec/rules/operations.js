// Shared helpers for the house rules: walking operations and reading resolved schemas.
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The path's literal segments, e.g. "/v1/nature/subjects/{id}" -> ["v1","nature","subjects","{id}"]. */
export function segments(path) {
  return path.split('/').filter(Boolean);
}

/** The product of a path under /v<n>/<product>/<resource>..., or null (e.g. /v1/health). */
export function productOf(path) {
  const parts = segments(path);
  if (parts.length < 3 || !/^v\d+$/.test(parts[0]) || parts[1].startsWith('{')) return null;
  return parts[1];
}

/** Operation security, falling back to the document's. */
export function effectiveSecurity(operation, document) {
  return operation.security ?? document.security ?? [];
}

/** True when an operation requires no credentials at all. */
export function isPublic(operation, document) {
  const security = effectiveSecurity(operation, document);
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

/** Flattens allOf so that properties and required of every branch are visible at once. */
export function mergeAllOf(schema) {
  if (!schema || typeof schema !== 'object') return {};
  if (!Array.isArray(schema.allOf)) return schema;
  const merged = {
    ...schema,
    properties: { ...(schema.properties ?? {}) },
    required: [...(schema.required ?? [])],
  };
  delete merged.allOf;
  for (const part of schema.allOf.map(mergeAllOf)) {
    if (part.type && !merged.type) merged.type = part.type;
    Object.assign(merged.properties, part.properties ?? {});
    merged.required.push(...(part.required ?? []));
  }
  return merged;
}

/** The JSON schema of a response or request body, if it has one. */
export function jsonSchemaOf(bodyOrResponse) {
  const content = bodyOrResponse?.content ?? {};
  const mediaType = Object.keys(content).find((type) => /^application\/(.+\+)?json/.test(type));
  return mediaType ? content[mediaType].schema : undefined;
}

/** Case-insensitive lookup of a header in a response's headers map. */
export function headerOf(response, name) {
  const headers = response?.headers ?? {};
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

export function isIntegerSchema(schema) {
  const type = schema?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/**
 * The documented opt-out: an operation may carry `x-lint-exempt: { <house rule>: <why> }` for the
 * rare case a house rule misjudges it. The reason is required (an empty one does not count), so
 * every exemption explains itself in review.
 */
export const EXEMPT_EXTENSION = 'x-lint-exempt';

export function isExemptOperation(operation, ruleName) {
  const reason = operation?.[EXEMPT_EXTENSION]?.[ruleName];
  return typeof reason === 'string' && reason.trim().length > 0;
}

/** Whether the operation at or above context.path ("paths", path, method, ...) opts out of this rule. */
export function isExempt(context) {
  const [root, path, method] = context.path;
  if (root !== 'paths' || !METHODS.includes(String(method))) return false;
  return isExemptOperation(context.document.data.paths?.[path]?.[method], context.rule?.name);
}
