/**
 * What the generated zod schemas need beyond zod's own checks, so that they accept and refuse what
 * JSON Schema (as Ajv reads it, with ajv-formats) does: lengths in code points, integers as JSON
 * Schema counts them (not only safe ones), `multipleOf` as a whole quotient, deep equality for
 * `enum`, `const` and `uniqueItems`, the formats Ajv checks (and only on their own type), and the
 * object keywords zod has no word for. Copied into the generated module's folder; imports only zod.
 */
import { z } from 'zod';

/** JSON Schema's equality: same type and value, arrays item by item, objects key by key. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => deepEqual(item, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  );
}

/** A string's length as JSON Schema counts it: code points, not UTF-16 units. */
export const codePoints = (value: string): number => {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
};

export const lengthAtLeast = (min: number) => (value: string) => codePoints(value) >= min;
export const lengthAtMost = (max: number) => (value: string) => codePoints(value) <= max;

/** JSON Schema's integer: any number with no fraction (2^60 too; zod's `int()` stops at 2^53). */
export const isInteger = (value: number): boolean => Number.isInteger(value);

/** `multipleOf`: the quotient is a whole number (as Ajv computes it, without a tolerance). */
export const multipleOf = (divisor: number) => (value: number) => Number.isInteger(value / divisor);

/** `uniqueItems`: no two items equal. */
export const uniqueItems = (items: unknown[]): boolean =>
  items.every((item, index) => items.findIndex((other) => deepEqual(item, other)) === index);

/** One of the listed values (deep equality), for an `enum` or `const` that holds objects or arrays. */
export const oneOfValues = (values: unknown[]) => (value: unknown) =>
  values.some((each) => deepEqual(each, value));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A required name no property declares: the key must be there. */
export const hasKeys = (names: string[]) => (value: unknown) =>
  !isObject(value) || names.every((name) => Object.hasOwn(value, name));

export const keysAtLeast = (min: number) => (value: unknown) =>
  !isObject(value) || Object.keys(value).length >= min;
export const keysAtMost = (max: number) => (value: unknown) =>
  !isObject(value) || Object.keys(value).length <= max;

/** `propertyNames`: every key satisfies the schema. */
export const keysMatch = (schema: z.ZodType) => (value: unknown) =>
  !isObject(value) || Object.keys(value).every((key) => schema.safeParse(key).success);

/**
 * `patternProperties` (and `additionalProperties` beside them): a key matching a pattern has a
 * value the pattern's schema accepts; a key that neither a property nor a pattern names, one the
 * additional schema accepts (none at all when it is `false`).
 */
export const patternProperties =
  (patterns: Array<[RegExp, z.ZodType]>, declared: string[], additional?: z.ZodType | false) =>
  (value: unknown) => {
    if (!isObject(value)) return true;
    for (const [key, item] of Object.entries(value)) {
      const matching = patterns.filter(([pattern]) => pattern.test(key));
      if (!matching.every(([, schema]) => schema.safeParse(item).success)) return false;
      if (matching.length > 0 || declared.includes(key) || additional === undefined) continue;
      if (additional === false || !additional.safeParse(item).success) return false;
    }
    return true;
  };

/** `not`: the schema refuses the value. */
export const refusedBy = (schema: z.ZodType) => (value: unknown) => !schema.safeParse(value).success;

/** `if`/`then`/`else`. */
export const conditional =
  (when: z.ZodType, then?: z.ZodType, otherwise?: z.ZodType) =>
  (value: unknown): boolean =>
    when.safeParse(value).success
      ? (then?.safeParse(value).success ?? true)
      : (otherwise?.safeParse(value).success ?? true);

/** `contains` with `minContains`/`maxContains` (default at least one). */
export const containsItems =
  (schema: z.ZodType, min = 1, max = Infinity) =>
  (value: unknown) => {
    if (!Array.isArray(value)) return true;
    const count = value.filter((item) => schema.safeParse(item).success).length;
    return count >= min && count <= max;
  };

/** `dependentRequired`: a present key brings the keys it names. */
export const dependentRequired = (rules: Record<string, string[]>) => (value: unknown) =>
  !isObject(value) ||
  Object.entries(rules).every(
    ([key, names]) => !Object.hasOwn(value, key) || names.every((name) => Object.hasOwn(value, name)),
  );

/** `dependentSchemas`: a present key brings a schema the whole object must satisfy. */
export const dependentSchemas = (rules: Record<string, z.ZodType>) => (value: unknown) =>
  !isObject(value) ||
  Object.entries(rules).every(
    ([key, schema]) => !Object.hasOwn(value, key) || schema.safeParse(value).success,
  );

type Kind = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

function kindOf(value: unknown): Kind | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

/**
 * A schema that says no `type` constrains only values of the kind its keywords are about
 * (`{ properties: … }` lets a string through): `schema` for values of that kind, anything else as is.
 */
export function onlyFor<T extends z.ZodType>(kind: Kind, schema: T) {
  const other = z.unknown().refine((value) => {
    const actual = kindOf(value);
    return actual !== kind && !(kind === 'number' && actual === 'integer') && value !== undefined;
  });
  return z.union([schema, other]);
}

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** RFC 3339 full-date: a real day of a real month. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap(year) ? 29 : DAYS[month]!);
}

/** RFC 3339 full-time (a zone required): a leap second only where it is 23:59:60 in UTC. */
export function isTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(z|([+-])(\d{2})(?::?(\d{2}))?)$/i.exec(value);
  if (!match) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[5] === '-' ? -1 : 1;
  const [zoneHour, zoneMinute] = [Number(match[6] ?? 0), Number(match[7] ?? 0)];
  if (zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 date-time: a date, `T` (or `t`, or a space), a time with its zone. */
export function isDateTime(value: string): boolean {
  const parts = value.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export const isIpv4 = (value: string): boolean => IPV4.test(value);

/** RFC 4291 text: eight groups of up to four hex digits, one `::` for a run of zeros, an IPv4 tail. */
export function isIpv6(value: string): boolean {
  let text = value;
  let groups = 8;
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (tail) {
    if (!isIpv4(tail[2]!)) return false;
    text = tail[1]!.endsWith('::') ? tail[1]! : tail[1]!.slice(0, -1);
    groups = 6;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const fields = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!fields.every((field) => /^[0-9a-f]{1,4}$/i.test(field))) return false;
  return halves.length === 1 ? fields.length === groups : fields.length < groups;
}

const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

/** RFC 1123 host names: labels of letters, digits and inner hyphens, 63 each, 253 in all. */
export function isHostname(value: string): boolean {
  return (
    /^.{1,253}$/.test(value.replace(/\.$/, '')) &&
    new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?$`, 'i').test(value)
  );
}

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const EMAIL = new RegExp(
  `^${ATEXT}+(?:\\.${ATEXT}+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$`,
  'i',
);

/** An address as HTML forms and JSON Schema validators take it: a dot-atom, `@`, a dotted domain. */
export const isEmail = (value: string): boolean => EMAIL.test(value);

export const isUuid = (value: string): boolean =>
  /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value);

// RFC 3986, appendix A, built from its named parts.
const PCT = '%[0-9a-f]{2}';
const UNRESERVED = 'a-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const IP_LITERAL = `\\[(?:[0-9a-f:.]+|v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const HOST = `(?:${IP_LITERAL}|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*)`;
const AUTHORITY = `(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?${HOST}(?::\\d*)?`;
const PATH_ABEMPTY = `(?:/${PCHAR}*)*`;
const HIER = `(?://${AUTHORITY}${PATH_ABEMPTY}|/(?:${PCHAR}+${PATH_ABEMPTY})?|${PCHAR}+${PATH_ABEMPTY}|)`;
const QUERY = `(?:\\?(?:${PCHAR}|[/?])*)?`;
const FRAGMENT = `(?:#(?:${PCHAR}|[/?])*)?`;
const URI = new RegExp(`^[a-z][a-z0-9+\\-.]*:${HIER}${QUERY}${FRAGMENT}$`, 'i');
const RELATIVE = `(?://${AUTHORITY}${PATH_ABEMPTY}|/(?:${PCHAR}+${PATH_ABEMPTY})?|(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT})+${PATH_ABEMPTY}|)`;
const URI_REFERENCE = new RegExp(`^(?:[a-z][a-z0-9+\\-.]*:${HIER}|${RELATIVE})${QUERY}${FRAGMENT}$`, 'i');

/** An absolute URI (RFC 3986): a scheme, then a path that is not a bare name (`a:b` is one; `ab` is not). */
export function isUri(value: string): boolean {
  const hostIp = /^[a-z][a-z0-9+\-.]*:\/\/(?:[^@/]*@)?\[([^\]]*)\]/i.exec(value)?.[1];
  if (hostIp !== undefined && !hostIp.startsWith('v') && !isIpv6(hostIp)) return false;
  return /\/|:/.test(value) && URI.test(value);
}

export const isUriReference = (value: string): boolean => value === '' || URI_REFERENCE.test(value);

export const isJsonPointer = (value: string): boolean => /^(?:\/(?:[^~/]|~0|~1)*)*$/.test(value);

export const isRelativeJsonPointer = (value: string): boolean =>
  /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/.test(value);

/** ISO 8601 durations as RFC 3339 appendix A writes them: `P1W`, or `P` with dates, then `T` with times. */
export function isDuration(value: string): boolean {
  const weeks = /^P\d+W$/.exec(value);
  if (weeks) return true;
  const match = /^P(\d+Y)?(\d+M)?(\d+D)?(?:T(\d+H)?(\d+M)?(\d+S)?)?$/.exec(value);
  if (!match) return false;
  const time = value.includes('T');
  const dates = match.slice(1, 4).some(Boolean);
  const times = match.slice(4).some(Boolean);
  return (dates || times) && (!time || times);
}

/** An RFC 6570 URI template: literals, and expressions of an optional operator and variables. */
export function isUriTemplate(value: string): boolean {
  const variable = '(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\\*)?';
  const expression = `\\{[+#./;?&=,!@|]?${variable}(?:,${variable})*\\}`;
  const literal = '[^\\x00-\\x20"\'<>%\\\\^`{|}]|%[0-9a-f]{2}';
  return new RegExp(`^(?:${literal}|${expression})*$`, 'i').test(value);
}

/** Base64 (RFC 4648) in groups of four, padded. */
export const isByte = (value: string): boolean =>
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value);

/** A regular expression JavaScript reads (ECMA-262, with the `u` flag). */
export function isRegex(value: string): boolean {
  if (/[^\\]\\Z/.test(value)) return false;
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * The string formats checked, by name. Others (`password`, `binary`, `iri`, a format of the API's
 * own) are annotations: any string passes, as in Ajv. `url` (a URL whose host is public) is the one
 * Ajv checks that these do not: the generator warns where a schema uses it.
 */
export const STRING_FORMATS: Record<string, (value: string) => boolean> = {
  date: isDate,
  time: isTime,
  'date-time': isDateTime,
  duration: isDuration,
  uri: isUri,
  'uri-reference': isUriReference,
  'uri-template': isUriTemplate,
  'iso-time': (value) => isTime(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(value) ? value : `${value}Z`),
  'iso-date-time': (value) => {
    const parts = value.split(/t|\s/i);
    return parts.length === 2 && isDate(parts[0]!) && STRING_FORMATS['iso-time']!(parts[1]!);
  },
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  uuid: isUuid,
  'json-pointer': isJsonPointer,
  'relative-json-pointer': isRelativeJsonPointer,
  byte: isByte,
  regex: isRegex,
};

/** Number formats (on numbers only): int32 within 32 bits, int64 any integer; float and double any number. */
export const NUMBER_FORMATS: Record<string, (value: number) => boolean> = {
  int32: (value) => Number.isInteger(value) && value <= 2147483647 && value >= -2147483648,
  int64: (value) => Number.isInteger(value),
};

/**
 * A plain object as one without a prototype, for an object schema that declares a property named
 * as one every object inherits (`valueOf`, `toString`): zod reads each declared name, and found
 * Object's method where the value has no such property.
 */
export const ownOnly = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
    ? Object.assign(Object.create(null), value)
    : value;
