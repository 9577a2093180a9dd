/**
 * Comparing what was meant with what arrived: values are compared as canonical JSON (key order
 * ignored, -0 is 0), and the first difference is named by its path with both values, shortened.
 */

/** Canonical JSON: object keys sorted, so two equal values print alike. */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => {
      if (item && typeof item === 'object' && !Array.isArray(item))
        return Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        );
      return item;
    }) ?? 'undefined'
  );
}

/**
 * What a client does not send, taken out: null and undefined values, empty arrays and objects
 * (except for `whole` keys, sent as one JSON text however empty).
 */
export function withoutUnsent(
  values: Record<string, unknown>,
  whole: Set<string> = new Set(),
): Record<string, unknown> {
  const empty = (value: unknown) =>
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value as object).length === 0);
  const sentValue = (key: string, value: unknown) =>
    value !== undefined && value !== null && (whole.has(key) || !empty(value));
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((item) => item !== undefined && item !== null);
    if (value && typeof value === 'object' && !('$file' in value) && !('$bytes' in value))
      return Object.fromEntries(
        Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
      );
    return value;
  };
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, value]): [string, unknown] => [key, whole.has(key) ? value : clean(value)])
      .filter(([key, value]) => sentValue(key, value)),
  );
}

function shorten(value: unknown): string {
  const text = canonical(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The first place two values differ, as "at: sent X, got Y"; undefined when they are equal. */
export function firstDifference(expected: unknown, actual: unknown, at = ''): string | undefined {
  if (canonical(expected) === canonical(actual)) return undefined;
  if (
    expected &&
    actual &&
    typeof expected === 'object' &&
    typeof actual === 'object' &&
    Array.isArray(expected) === Array.isArray(actual)
  ) {
    if (Array.isArray(expected) && Array.isArray(actual) && expected.length !== actual.length)
      return `${at || 'value'}: sent ${expected.length} items ${shorten(expected)}, got ${actual.length} ${shorten(actual)}`;
    const keys = [...new Set([...Object.keys(expected as object), ...Object.keys(actual as object)])].sort();
    for (const key of keys) {
      const found = firstDifference(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        Array.isArray(expected) ? `${at}[${key}]` : at ? `${at}.${key}` : key,
      );
      if (found) return found;
    }
  }
  return `${at || 'value'}: sent ${shorten(expected)}, got ${shorten(actual)}`;
}
