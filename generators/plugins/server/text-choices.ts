/**
 * Schemas of values that arrive as text (parameters, form fields, multipart text parts), for the
 * coercing validator. Ajv evaluates every alternative of an anyOf, and a `type: string` one after
 * a `type: integer` one coerced the integer it had made back to text. Alternatives of fixed strings
 * (Stripe's `enum: [""]`, "unset", beside a timestamp) go first, where they coerce nothing, so the
 * text `5` beside `enum: [""]` stays the integer 5. The shared schemas that `$ref`s reach are ordered
 * too (emit.ts), so a choice written once as a component reads the same. A branch of type null,
 * which coerces "" to null, is the runtime's to judge (runtime/text-unions.ts).
 */

/** An alternative of listed strings only (`{type: string, enum: [""]}`, a `const`). */
export function isFixedStrings(schema: unknown): boolean {
  const node = schema as { enum?: unknown; const?: unknown } | null;
  if (!node || typeof node !== 'object') return false;
  const values = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : undefined;
  return values !== undefined && values.every((value) => typeof value === 'string');
}

/** The alternatives with the fixed-string ones first, the others in their order. */
export function fixedStringsFirst<T>(alternatives: T[]): T[] {
  return [
    ...alternatives.filter(isFixedStrings),
    ...alternatives.filter((option) => !isFixedStrings(option)),
  ];
}

/** The schema with every anyOf and oneOf so ordered, at any depth (`$ref`s are left as they are). */
export function textChoices(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(textChoices);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      (key === 'anyOf' || key === 'oneOf') && Array.isArray(value)
        ? fixedStringsFirst(value).map(textChoices)
        : textChoices(value),
    ]),
  );
}
