/** Identifier rules shared by every emitter: one place decides how a spec name becomes code. */

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text
    .replace(/['’]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** "check-runs" -> "checkRuns"; "2fa" -> "_2fa"; "delete" -> "delete_" (as a variable). */
export function camelCase(text: string): string {
  const parts = words(text);
  if (parts.length === 0) return '_';
  const joined = parts
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** "list subjects" -> "ListSubjects". */
export function pascalCase(text: string): string {
  const camel = camelCase(text);
  return camel.startsWith('_')
    ? `_${camel.slice(1).charAt(0).toUpperCase()}${camel.slice(2)}`
    : camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** "Assessment Service" -> "ASSESSMENT_SERVICE". */
export function screamingSnake(text: string): string {
  return words(text)
    .map((word) => word.toUpperCase())
    .join('_');
}

/** "Assessment Service" -> "assessment-service". */
export function kebabCase(text: string): string {
  return words(text)
    .map((word) => word.toLowerCase())
    .join('-');
}

/** A safe name for a local variable or parameter. */
export function variableName(text: string): string {
  const name = camelCase(text);
  return RESERVED.has(name) ? `${name}_` : name;
}

/** Whether text can be written as a bare property name (else it needs quotes). */
export function isIdentifier(text: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text);
}

/** A property key as written in TypeScript source. */
export function propertyKey(text: string): string {
  return isIdentifier(text) ? text : JSON.stringify(text);
}

/** Makes names unique in order of appearance: the second "Foo" becomes "Foo2". */
export function uniqueNames<T>(items: T[], nameOf: (item: T) => string): Map<T, string> {
  const seen = new Map<string, number>();
  const result = new Map<T, string>();
  for (const item of items) {
    const base = nameOf(item);
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    result.set(item, count === 1 ? base : `${base}${count}`);
  }
  return result;
}

/** A single-quoted TypeScript string literal. */
export function stringLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/**
 * The type of one operation in openapi-typescript's rendered types (the types plugin's output,
 * which the client and the stubs embed or import), e.g. `paths['/v1/health']['get']`.
 */
export function operationType(operation: { path: string; method: string }): string {
  return `paths[${stringLiteral(operation.path)}][${stringLiteral(operation.method)}]`;
}
