/**
 * The realistic mode's default strategy: values that look like what they are, by format and by
 * property name (`email`, `first_name`, `created_at`, `country`, `currency`, `amount`, `city`,
 * `phone`, `website`, `avatar_url`, `description`, …), seeded, so a seed names its values. The
 * generator keeps an answer only when it fits the schema (lengths, pattern, bounds, enum), and
 * draws its own otherwise; a property whose schema names a format is answered by the format.
 *
 * Written here rather than taken from @faker-js/faker: the values go into committed output
 * (examples, mock responses) and must not change with another package's release, and this module
 * is copied into generated packages, which import nothing of the toolkit's.
 */
import { FORMATS, formatValue } from './formats.js';
import type { Random } from './random.js';
import { firstOf, strategyFrom, type ValueContext, type ValueStrategy } from './strategy.js';

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Margaret',
  'Radia',
  'Tim',
  'Katherine',
  'John',
  'Hedy',
  'Linus',
  'Sophie',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Hamilton',
  'Perlman',
  'Berners-Lee',
  'Johnson',
  'Backus',
  'Lamarr',
  'Torvalds',
  'Wilson',
];
const CITIES = [
  'Lisbon',
  'Nairobi',
  'Osaka',
  'Quito',
  'Tallinn',
  'Winnipeg',
  'Porto',
  'Kyoto',
  'Accra',
  'Bergen',
  'Cusco',
  'Dundee',
];
const STREETS = [
  'Harbour Street',
  'Mill Lane',
  'Station Road',
  'Elm Avenue',
  'Church Street',
  'Park Road',
  'Quay Side',
  'Orchard Way',
];
const COUNTRIES = [
  'PT',
  'KE',
  'JP',
  'EC',
  'EE',
  'CA',
  'GB',
  'DE',
  'FR',
  'NL',
  'SE',
  'US',
  'BR',
  'IN',
  'AU',
  'ZA',
];
const COUNTRY_NAMES = [
  'Portugal',
  'Kenya',
  'Japan',
  'Ecuador',
  'Estonia',
  'Canada',
  'United Kingdom',
  'Germany',
];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'SEK', 'KES', 'BRL'];
const LANGUAGES = ['en', 'pt', 'fr', 'de', 'ja', 'es', 'sv', 'nl'];
const LOCALES = ['en-GB', 'en-US', 'pt-PT', 'fr-FR', 'de-DE', 'ja-JP', 'es-EC', 'sv-SE'];
const TIME_ZONES = [
  'Europe/Lisbon',
  'Africa/Nairobi',
  'Asia/Tokyo',
  'America/Guayaquil',
  'Europe/Tallinn',
  'America/Winnipeg',
];
const COMPANIES = [
  'Northwind',
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Vandelay',
  'Stark',
  'Wayne',
  'Tyrell',
];
const COMPANY_SUFFIXES = ['Ltd', 'Inc', 'GmbH', 'SA', 'BV', 'AB'];
const PRODUCTS = [
  'Desk Lamp',
  'Notebook',
  'Water Bottle',
  'Backpack',
  'Headphones',
  'Coffee Grinder',
  'Keyboard',
  'Bicycle Bell',
];
const WORDS = [
  'account',
  'update',
  'report',
  'summary',
  'review',
  'order',
  'schedule',
  'result',
  'note',
  'request',
  'draft',
  'weekly',
  'final',
  'shared',
  'quick',
  'team',
  'project',
  'plan',
];
const COLOURS = ['red', 'green', 'blue', 'amber', 'teal', 'violet', 'black', 'white'];

const hex = (random: Random, length: number) =>
  Array.from({ length }, () => random.integer(0, 15).toString(16)).join('');
const digits = (random: Random, length: number) =>
  Array.from({ length }, () => random.integer(0, 9)).join('');
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A property name's words, lower case: `avatarURL` -> [avatar, url], `created_at` -> [created, at]. */
function nameWords(property: string): string[] {
  return property
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function sentence(random: Random, count: number): string {
  const words = Array.from({ length: count }, () => random.pick(WORDS)!);
  return `${capitalised(words.join(' '))}.`;
}

/** A date-time within a few years of now's neighbourhood (fixed, so the seed alone decides). */
function recentDateTime(random: Random): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${random.integer(2023, 2026)}-${pad(random.integer(1, 12))}-${pad(random.integer(1, 28))}T${pad(random.integer(0, 23))}:${pad(random.integer(0, 59))}:${pad(random.integer(0, 59))}Z`;
}

type Answer = (context: ValueContext) => unknown;
const text =
  (make: (random: Random, context: ValueContext) => string): Answer =>
  (context) =>
    context.node.kind === 'string' ? make(context.random, context) : undefined;
const number =
  (make: (random: Random, integer: boolean) => number): Answer =>
  (context) =>
    context.node.kind === 'integer' || context.node.kind === 'number'
      ? make(context.random, context.node.kind === 'integer')
      : undefined;

const personName = (random: Random) => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;

/** By the last words of a property's name (`billing_email` ends in `email`); the first that matches answers. */
const BY_NAME: Array<{ words: RegExp; value: Answer }> = [
  { words: /(^| )(first|given) name$/, value: text((random) => random.pick(FIRST_NAMES)!) },
  { words: /(^| )(last|family) name$|(^| )surname$/, value: text((random) => random.pick(LAST_NAMES)!) },
  {
    words: /(^| )user ?name$|(^| )(login|handle|nickname)$/,
    value: text((random) => `${random.pick(FIRST_NAMES)!.toLowerCase()}${digits(random, 2)}`),
  },
  {
    words: /(^| )(company|organi[sz]ation|org|employer|business|vendor|merchant|supplier)( name)?$/,
    value: text((random) => `${random.pick(COMPANIES)} ${random.pick(COMPANY_SUFFIXES)}`),
  },
  { words: /(^| )product( name)?$/, value: text((random) => random.pick(PRODUCTS)!) },
  {
    words: /(^| )((full|display|contact|customer|person|holder|owner|author) )?name$/,
    value: text(personName),
  },
  {
    words: /(^| )e ?mail( address)?$/,
    value: text(
      (random) =>
        `${random.pick(FIRST_NAMES)!.toLowerCase()}.${random
          .pick(LAST_NAMES)!
          .toLowerCase()
          .replace(/[^a-z]/g, '')}@example.com`,
    ),
  },
  {
    words: /(^| )(phone|mobile|telephone|tel|fax)( number)?$/,
    value: text((random) => `+1555${digits(random, 7)}`),
  },
  {
    words: /(^| )(avatar|image|photo|picture|logo|icon|thumbnail)( url| uri)?$/,
    value: text((random) => `https://images.example.com/${hex(random, 12)}.png`),
  },
  {
    words: /(^| )(url|uri|website|homepage|link|href|web)$/,
    value: text((random) => `https://example.com/${random.pick(WORDS)}/${hex(random, 6)}`),
  },
  { words: /(^| )city$/, value: text((random) => random.pick(CITIES)!) },
  {
    words: /(^| )(street|address|line ?1|address line ?1)$/,
    value: text((random) => `${random.integer(1, 250)} ${random.pick(STREETS)}`),
  },
  { words: /(^| )(postal|post|zip)( code)?$|(^| )postcode$/, value: text((random) => digits(random, 5)) },
  { words: /(^| )country name$/, value: text((random) => random.pick(COUNTRY_NAMES)!) },
  { words: /(^| )country( code)?$/, value: text((random) => random.pick(COUNTRIES)!) },
  { words: /(^| )currency( code)?$/, value: text((random) => random.pick(CURRENCIES)!) },
  { words: /(^| )(locale)$/, value: text((random) => random.pick(LOCALES)!) },
  { words: /(^| )(language|lang)( code)?$/, value: text((random) => random.pick(LANGUAGES)!) },
  { words: /(^| )(time ?zone|tz)$/, value: text((random) => random.pick(TIME_ZONES)!) },
  {
    words: /(^| )(colou?r)$/,
    value: text((random) => (random.chance(0.5) ? random.pick(COLOURS)! : `#${hex(random, 6)}`)),
  },
  {
    words: /(^| )(ip|ip address|remote addr)$/,
    value: text((random) => `192.0.2.${random.integer(1, 254)}`),
  },
  {
    words: /(^| )(version)$/,
    value: text((random) => `${random.integer(1, 4)}.${random.integer(0, 12)}.${random.integer(0, 30)}`),
  },
  { words: /(^| )(sha|hash|checksum|digest|etag|fingerprint)$/, value: text((random) => hex(random, 40)) },
  { words: /(^| )(slug)$/, value: text((random) => `${random.pick(WORDS)}-${random.pick(WORDS)}`) },
  {
    words: /(^| )(title|subject|headline|label|caption)$/,
    value: text((random) => sentence(random, random.integer(2, 4)).slice(0, -1)),
  },
  {
    words:
      /(^| )(description|summary|bio|about|comment|note|notes|message|body|content|text|details|reason)$/,
    value: text((random) => sentence(random, random.integer(6, 12))),
  },
  { words: /(^| )(tag|keyword|category)$/, value: text((random) => random.pick(WORDS)!) },
  {
    words: /(^| )(password|secret|passphrase)$/,
    value: text((random) => `${random.pick(WORDS)}-${random.pick(WORDS)}-${digits(random, 4)}`),
  },
  { words: /(^| )(at|date|time|timestamp|on)$/, value: text((random) => recentDateTime(random)) },
  {
    words: /(^| )id$|(^| )uuid$/,
    value: text(
      (random) =>
        `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${'89ab'[random.integer(0, 3)]}${hex(random, 3)}-${hex(random, 12)}`,
    ),
  },
  {
    words: /(^| )(amount|price|total|balance|cost|fee|subtotal|tax|salary|revenue)$/,
    value: number((random, integer) =>
      integer ? random.integer(1, 500) * 100 : random.integer(100, 99_999) / 100,
    ),
  },
  { words: /(^| )(lat|latitude)$/, value: number((random) => random.integer(-90_000, 90_000) / 1000) },
  { words: /(^| )(lng|lon|longitude)$/, value: number((random) => random.integer(-180_000, 180_000) / 1000) },
  { words: /(^| )age$/, value: number((random) => random.integer(18, 90)) },
  { words: /(^| )year$/, value: number((random) => random.integer(1990, 2026)) },
  { words: /(^| )(count|quantity|qty|size|number|seats)$/, value: number((random) => random.integer(1, 20)) },
  { words: /(^| )(percent|percentage|progress)$/, value: number((random) => random.integer(0, 100)) },
  { words: /(^| )(rating|stars)$/, value: number((random) => random.integer(1, 5)) },
];

/** A property-name answer, unless the schema names a format this module knows (the format answers then). */
const byName: ValueStrategy = (context) => {
  if (context.property === undefined) return undefined;
  if (context.node.format !== undefined && FORMATS[context.node.format]) return undefined;
  const words = nameWords(context.property).join(' ');
  for (const entry of BY_NAME) if (entry.words.test(words)) return entry.value(context);
  return undefined;
};

/** Formats: the seeded variations of formats.ts, date-times and dates near the present. */
const byFormat = strategyFrom({
  formats: {
    ...Object.fromEntries(
      Object.keys(FORMATS).map((format) => [
        format,
        (context: ValueContext) => formatValue(format, 'drawn', context.random),
      ]),
    ),
    'date-time': (context) => recentDateTime(context.random),
    date: (context) => recentDateTime(context.random).slice(0, 10),
    email: (context) =>
      `${context.random.pick(FIRST_NAMES)!.toLowerCase()}${context.random.integer(1, 99)}@example.com`,
  },
});

export const REALISTIC: ValueStrategy = firstOf(byName, byFormat);
