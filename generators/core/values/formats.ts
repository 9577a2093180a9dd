/**
 * Strings for the formats JSON Schema and OpenAPI name, valid as Ajv's `ajv-formats` checks them:
 * a plain one (`minimal`: midnight of a fixed day, `someone@example.com`), an illustrative one
 * (`example`: a date-time whose every field shows), and seeded variations for other draws.
 * Addresses and hosts are the ones kept for documentation (RFC 2606, 3849, 5737).
 */
import type { Random } from './random.js';

interface FormatValues {
  minimal: string;
  example: string;
  /** Another valid value, drawn from the seed. */
  drawn?: ((random: Random) => string) | undefined;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function drawnDate(random: Random): string {
  return `${random.integer(2000, 2030)}-${pad(random.integer(1, 12))}-${pad(random.integer(1, 28))}`;
}

function drawnTime(random: Random): string {
  return `${pad(random.integer(0, 23))}:${pad(random.integer(0, 59))}:${pad(random.integer(0, 59))}Z`;
}

const hex = (random: Random, length: number) =>
  Array.from({ length }, () => random.integer(0, 15).toString(16)).join('');

export const FORMATS: Record<string, FormatValues> = {
  'date-time': {
    minimal: '2026-01-01T00:00:00Z',
    example: '2026-01-02T03:04:05Z',
    drawn: (random) => `${drawnDate(random)}T${drawnTime(random)}`,
  },
  date: { minimal: '2026-01-01', example: '2026-01-02', drawn: drawnDate },
  time: { minimal: '00:00:00Z', example: '03:04:05Z', drawn: drawnTime },
  duration: { minimal: 'P1D', example: 'PT1H30M' },
  email: {
    minimal: 'someone@example.com',
    example: 'someone@example.com',
    drawn: (random) => `user${random.integer(1, 9999)}@example.com`,
  },
  'idn-email': { minimal: 'someone@example.com', example: 'someone@example.com' },
  uuid: {
    minimal: '123e4567-e89b-12d3-a456-426614174000',
    example: '123e4567-e89b-12d3-a456-426614174000',
    drawn: (random) =>
      `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${'89ab'[random.integer(0, 3)]}${hex(random, 3)}-${hex(random, 12)}`,
  },
  uri: {
    minimal: 'https://example.com/',
    example: 'https://example.com/',
    drawn: (random) => `https://example.com/${hex(random, 6)}`,
  },
  url: { minimal: 'https://example.com/', example: 'https://example.com/' },
  'uri-reference': { minimal: '/', example: '/example' },
  iri: { minimal: 'https://example.com/', example: 'https://example.com/' },
  'iri-reference': { minimal: '/', example: '/example' },
  'uri-template': { minimal: 'https://example.com/{id}', example: 'https://example.com/{id}' },
  hostname: { minimal: 'example.com', example: 'api.example.com' },
  'idn-hostname': { minimal: 'example.com', example: 'api.example.com' },
  ipv4: {
    minimal: '192.0.2.1',
    example: '192.0.2.1',
    drawn: (random) => `192.0.2.${random.integer(1, 254)}`,
  },
  ipv6: { minimal: '2001:db8::1', example: '2001:db8::1' },
  'json-pointer': { minimal: '', example: '/example' },
  'relative-json-pointer': { minimal: '0', example: '0' },
  regex: { minimal: '.*', example: '^[a-z]+$' },
  byte: { minimal: 'AA==', example: 'ZXhhbXBsZQ==' },
};

/** A value of the string format in the given flavour; undefined for a format not listed (it reads as a plain string). */
export function formatValue(
  format: string | undefined,
  flavour: 'minimal' | 'example' | 'drawn',
  random?: Random,
): string | undefined {
  const values = format === undefined ? undefined : FORMATS[format];
  if (!values) return undefined;
  if (flavour === 'drawn') return values.drawn && random ? values.drawn(random) : values.example;
  return values[flavour];
}
