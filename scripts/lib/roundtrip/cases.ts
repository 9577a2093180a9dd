/**
 * The round trip's cases, generated from the spec with fast-check (seeded): for every operation
 * one case per request media type and one more per further success media type, each with values
 * for its parameters and body drawn from their schemas and an answer drawn from the response's.
 *
 * Values are drawn only where the wire can carry them (spec/DECISIONS.md, "Values that are not
 * sent"; the round trip's row): header strings are visible ASCII with no comma (headers are not
 * escaped), a path value is never `.` or `..`, styled multipart values hold no delimiter,
 * allowReserved values hold no `%XX` (it passes encoded triples through), and what a client does
 * not send (null, an empty array or object) is expected absent on the server.
 *
 * fast-check draws first (its arbitraries wrap the value generator's core); when none of its draws
 * satisfies a schema, the value generator itself is asked (its minimal and example values, then
 * seeded realistic ones), so a satisfiable schema is given a value.
 */
import fc from 'fast-check';
import type {
  Ir,
  IrMedia,
  IrOperation,
  IrParameter,
  IrPart,
  JsonSchema,
} from '../../../generators/core/ir.js';
import {
  sharedSchema,
  sharedSchemaFor,
  sideSchema,
  standaloneSchema,
} from '../../../generators/core/schema-dialect.js';
import { rangeMatches } from '../../../generators/plugins/server/runtime/replies.js';
import { createAjv } from '../../../generators/plugins/server/runtime/validation.js';
import { drawFromSchema } from '../../../generators/core/values/from-schema.js';
import { hiddenOn } from '../../../generators/core/values/sides.js';
import type { DrawMode } from '../../../generators/core/values/strategy.js';
import {
  anyJson,
  arbitraryFrom,
  findEnumOutsideType,
  findStringOutOfBounds,
  findExcludedByAllOf,
  merge,
  neverSatisfied,
} from '../../../generators/plugins/contract-tests/runtime/arbitraries.js';
import { findForbiddenRequired } from '../../../generators/plugins/contract-tests/runtime/valid-request.js';
import { essence } from '../../../generators/core/media-types.js';
import { wellFormed } from '../../../generators/plugins/contract-tests/runtime/serialize.js';
import { bounded } from '../../../generators/plugins/contract-tests/runtime/bounded-filter.js';
import { toBase64, type Case, type CaseRequest, type CaseResponse } from './protocol.js';

// Schemas are untyped JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

interface Root {
  $id: string;
  components: { schemas: Record<string, Schema> };
}

function resolve(root: Root, schema: Schema): Schema {
  let current = schema;
  for (
    let hops = 0;
    hops < 32 && current && typeof current === 'object' && typeof current.$ref === 'string';
    hops += 1
  ) {
    const pointer = current.$ref.split('#')[1] ?? '';
    const { $ref: _ref, ...siblings } = current;
    const target = pointer
      .split('/')
      .slice(1)
      .reduce((node: Schema, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    current = Object.keys(siblings).length ? { allOf: [target, siblings] } : target;
  }
  return current;
}

const isNullOnly = (schema: Schema) =>
  !!schema &&
  typeof schema === 'object' &&
  [schema.type].flat().every((type) => type === 'null') &&
  schema.type !== undefined;

const isEmptySchema = (schema: Schema) =>
  !!schema && typeof schema === 'object' && !Array.isArray(schema) && Object.keys(schema).length === 0;

/** Words about a schema that do not constrain its value. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'xml',
  'deprecated',
  'externalDocs',
  '$comment',
]);
/** A schema of annotations only (AWS's `{description}` member beside a `$ref` in an allOf). */
const saysNothingOfTheValue = (schema: Schema) =>
  !!schema &&
  typeof schema === 'object' &&
  !Array.isArray(schema) &&
  Object.keys(schema).every((key) => ANNOTATIONS.has(key));

/** What a location needs of generated strings and collections. */
interface Narrowing {
  /** A pattern every string leaf must match (when it has no pattern, format or enum of its own). */
  pattern?: string;
  /** Strings must not be empty (a query value without allowEmptyValue, a path value). */
  nonEmpty?: boolean;
  /** Arrays and objects must not be empty (an empty one is not sent). */
  nonEmptyCollections?: boolean;
  /** nonEmptyCollections holds inside arrays too (deepObject), not only at the top and in properties. */
  everyDepth?: boolean;
  /**
   * Strings and arrays are drawn short (a parameter): a request's head must fit the 16 KB a server
   * reads (Node's limit), and AWS's query parameters nest arrays of objects without a maxItems.
   */
  bounded?: boolean;
}

/** Longest string and most items a parameter's value is drawn with (`bounded`); nested arrays get fewer. */
const PARAMETER_BOUNDS = { maxLength: 128, maxItems: 4, nestedMaxItems: 2 };
/**
 * Most characters a parameter's value may take on the wire, as percent-encoded JSON text: the
 * bounds hold each node, but an object of many members (seldon's whole message in a query) still
 * made heads over Node's 16 KB. Three such parameters fit beside the other headers. An
 * approximation: an exploded or deepObject query repeats the parameter's name per member.
 */
const PARAMETER_WIRE_BUDGET = 4096;
/** A value's length on the wire: text as it is, anything else as JSON text, percent-encoded. */
const wireLength = (value: unknown) =>
  encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).length;
const fitsWireBudget = (value: unknown) => wireLength(value) <= PARAMETER_WIRE_BUDGET;

/** The schema with the location's constraints added to every string leaf, array and object (refs followed). */
function narrow(root: Root, raw: Schema, rules: Narrowing, depth = 0): Schema {
  const schema = resolve(root, raw);
  // A schema that allows anything allows null, which is never sent, and a number or boolean, which
  // text (a query, a form field) cannot tell from a string: a string stands for it (mist's multipart
  // body requires a part "file {}" it does not declare; Stripe's open `affirm: {}` in a form body).
  if (rules.nonEmptyCollections && (schema === true || isEmptySchema(schema))) return { type: 'string' };
  if (!schema || typeof schema !== 'object' || depth > 6) return schema;
  const out: Schema = { ...schema };
  // Whether a composition says what the value is: members of annotations only say nothing.
  const constrains = (key: 'allOf' | 'anyOf' | 'oneOf') =>
    Array.isArray(schema[key]) &&
    (schema[key] as Schema[]).some((part) => part !== true && !saysNothingOfTheValue(resolve(root, part)));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
    if (Array.isArray(schema[key])) {
      // A null is never sent (see nonEmptyCollections): its alternative is left out while another remains.
      const parts: Schema[] =
        key !== 'allOf' && rules.nonEmptyCollections
          ? schema[key].filter((part: Schema) => !isNullOnly(resolve(root, part)))
          : schema[key];
      // An allOf member that says nothing of the value (AWS's `{description}` beside a `$ref`) stays
      // so: as a stand-in string it contradicted its sibling (ec2's EbsOptimized, a Boolean).
      out[key] = (parts.length > 0 ? parts : schema[key]).map((part: Schema) =>
        key === 'allOf' &&
        constrains('allOf') &&
        (part === true || saysNothingOfTheValue(resolve(root, part)))
          ? part
          : narrow(root, part, rules, depth + 1),
      );
    }
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries<Schema>(schema.properties).map(([name, value]) => [
        name,
        narrow(root, value, rules, depth + 1),
      ]),
    );
  if (schema.items && typeof schema.items === 'object')
    out.items = narrow(
      root,
      schema.items,
      { ...rules, nonEmptyCollections: rules.everyDepth === true && rules.nonEmptyCollections },
      depth + 1,
    );
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    out.additionalProperties = narrow(root, schema.additionalProperties, rules, depth + 1);
  else if (
    rules.nonEmptyCollections &&
    (schema.additionalProperties === undefined || schema.additionalProperties === true) &&
    [schema.type ?? (schema.properties ? 'object' : undefined)].flat().includes('object')
  )
    // Undeclared members may be anything, null included, which is never sent (Stripe's open `affirm: {}`).
    out.additionalProperties = narrow(root, true, rules, depth + 1);
  // A schema with no type of its own is text, unless its members say what it is: string keywords
  // on an allOf of a Boolean made it a string too, which no value is (ec2's EbsOptimized).
  const composed = (['allOf', 'anyOf', 'oneOf'] as const).some(constrains);
  const types = [
    schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : composed ? [] : 'string'),
  ].flat();
  if (types.includes('string') && !('enum' in schema) && !('const' in schema)) {
    // A format of ASCII values needs no narrowing; any other format (`password`, a vendor's) or a
    // pattern of the spec's own still can draw what a header cannot carry. The spec's pattern is
    // drawn from with its wildcards narrowed (a subset of what it matches), and both must hold.
    if (rules.pattern && !ASCII_FORMATS.has(schema.format))
      if (!schema.pattern) out.pattern = rules.pattern;
      else {
        out.pattern = headerSafePattern(schema.pattern);
        out.allOf = [...(out.allOf ?? []), { pattern: rules.pattern }];
      }
    if (rules.nonEmpty) out.minLength = Math.max(1, schema.minLength ?? 0);
  }
  // An enum that lists the empty text beside other values (clickmeter's `filter`) draws one of the
  // others where the empty text cannot be sent.
  if (
    rules.nonEmpty &&
    Array.isArray(schema.enum) &&
    schema.enum.includes('') &&
    schema.enum.some((v: unknown) => v !== '')
  )
    out.enum = schema.enum.filter((value: unknown) => value !== '');
  // The bound gives way to a minimum above it, never to bounds that exclude each other (minLength
  // above maxLength is the spec's, and must stay unsatisfiable to be named so); both as the schema's
  // allOf members add up (a minLength of 200 in a $ref beside a description).
  const bounds = merge(root, schema) || schema;
  if (rules.bounded && types.includes('string') && !bounds.pattern && !('enum' in bounds))
    out.maxLength = Math.min(
      bounds.maxLength ?? Infinity,
      Math.max(bounds.minLength ?? 0, PARAMETER_BOUNDS.maxLength),
    );
  if (rules.bounded && types.includes('array')) {
    const most = depth === 0 ? PARAMETER_BOUNDS.maxItems : PARAMETER_BOUNDS.nestedMaxItems;
    out.maxItems = Math.min(bounds.maxItems ?? Infinity, Math.max(bounds.minItems ?? 0, most));
  }
  if (rules.nonEmptyCollections && types.includes('array')) out.minItems = Math.max(1, schema.minItems ?? 0);
  if (rules.nonEmptyCollections && types.includes('object'))
    out.minProperties = Math.max(1, schema.minProperties ?? 0);
  if (types.includes('null') && rules.nonEmptyCollections && types.length > 1)
    out.type = types.filter((type: string) => type !== 'null');
  return out;
}

/** Visible ASCII without `,` (headers are not escaped, and `,` delimits their lists), no spaces at the ends. */
const HEADER_TEXT = '^[!-+\\--~]([ !-+\\--~]*[!-+\\--~])?$';
/**
 * A pattern that matches a subset of what `pattern` matches, without the characters a header cannot
 * carry where it allows any (`.`, `\S`, a negated class): AWS's ARNs end in `[^/].{0,1023}`, and
 * values drawn from that are almost never visible ASCII.
 */
export function headerSafePattern(pattern: string): string {
  const visible = '!-+\\--~'; // visible ASCII but `,`
  let out = '';
  let inClass = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === '\\') {
      const escaped = pattern[at + 1] ?? '';
      out += !inClass && escaped === 'S' ? `[${visible}]` : `${char}${escaped}`;
      at += 1;
    } else if (inClass) {
      inClass = char !== ']';
      out += char;
    } else if (char === '[') {
      inClass = true;
      const negated = pattern[at + 1] === '^';
      out += negated ? '[^\\x00-\\x20,\\x7f-\\uffff' : '[';
      if (negated) at += 1;
    } else out += char === '.' ? `[${visible}]` : char;
  }
  return out;
}

/** Formats whose values are ASCII without spaces or commas as drawn (JSON Schema's and OAS's own). */
const ASCII_FORMATS = new Set([
  'date-time',
  'date',
  'time',
  'duration',
  'uuid',
  'ipv4',
  'ipv6',
  'uri',
  'hostname',
  'email',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
]);
const NO_DELIMITERS = '^[^,| \\[\\]\\r\\n]+$';

function rulesFor(param: IrParameter): Narrowing {
  if (param.contentType) return { bounded: true };
  switch (param.in) {
    case 'header':
      return { pattern: HEADER_TEXT, nonEmpty: true, nonEmptyCollections: true, bounded: true };
    case 'path':
      return { nonEmpty: true, nonEmptyCollections: true, bounded: true };
    case 'query':
      return {
        nonEmpty: !param.allowEmptyValue,
        nonEmptyCollections: true,
        // deepObject spells members at every depth, and an empty one is not sent there either.
        ...(param.style === 'deepObject' ? { everyDepth: true } : {}),
        bounded: true,
      };
    default:
      return { nonEmptyCollections: true, bounded: true };
  }
}

function representable(param: IrParameter, value: unknown): boolean {
  if (value === undefined) return true;
  if (param.in === 'path' && (value === '.' || value === '..')) return false;
  if (param.allowReserved && /%[0-9A-Fa-f]{2}/.test(JSON.stringify(value))) return false;
  return true;
}

interface Generated {
  value: unknown;
}

/**
 * Only values the schema accepts (checked with Ajv, as the stubs check them): a draw from a oneOf
 * can satisfy several alternatives, which makes it invalid, and a stub would refuse it or
 * serialise it by the wrong alternative.
 */
interface Validity {
  request: (schema: Schema) => (value: unknown) => boolean;
  response: (schema: Schema) => (value: unknown) => boolean;
}

function validity(ir: Ir): Validity {
  const ajv = createAjv({ coerce: false });
  const request = sharedSchemaFor(ir, 'request');
  const response = sharedSchemaFor(ir, 'response');
  for (const schema of [sharedSchema(ir), request, response]) if (schema) ajv.addSchema(schema);
  const cache = new Map<string, (value: unknown) => boolean>();
  const check = (side: { $id: string } | undefined) => (schema: Schema) => {
    const source = JSON.stringify(sideSchema(schema, ir, side));
    let validate = cache.get(source);
    if (!validate) {
      const compiled = ajv.compile(JSON.parse(source));
      validate = (value: unknown) => {
        const valid = compiled(structuredClone(value)) as boolean;
        // A oneOf refused because more than one member matched (Ajv names them).
        LAST_REFUSAL.overmatched =
          !valid &&
          (compiled.errors ?? []).some(
            (error) =>
              error.keyword === 'oneOf' &&
              Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas),
          );
        return valid;
      };
      cache.set(source, validate);
    }
    return validate;
  };
  return { request: check(request), response: check(response) };
}

let VALIDITY: Validity;
/** Why the last value a validity check refused was refused, as far as sampleWhere needs to know. */
const LAST_REFUSAL = { overmatched: false };

function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0];
}

/** Draws tried per value before the value generator is asked (fast-check's own filter would loop forever). */
const DRAW_TRIES = 200;
/** Seeded realistic draws the value generator is asked for after its minimal and example values. */
const GENERATOR_TRIES = 32;

/** What the value generator is asked when fast-check's draws fail: a schema (refs into `root`) and the side it is for. */
interface Fallback {
  root: Root;
  schema: Schema;
  side: 'request' | 'response';
  nonEmpty?: boolean;
}

/**
 * One value that `accept` takes: fast-check's draws first, then the value generator's. Throws,
 * naming `what`, when none is (a pattern or format beyond both).
 */
function sampleWhere<T>(
  arbitrary: () => fc.Arbitrary<T>,
  accept: (value: T) => boolean,
  seed: number,
  what: string,
  fallback: Fallback,
): T {
  let drawn: fc.Arbitrary<T> | undefined;
  try {
    drawn = arbitrary();
  } catch {
    // A pattern fast-check cannot read: the value generator may.
  }
  // Whether every refused value matched more than one member of a oneOf (graphhopper's kind).
  let overmatchedOnly = true;
  const accepted = (value: T) => {
    LAST_REFUSAL.overmatched = false;
    if (accept(value)) return true;
    overmatchedOnly &&= LAST_REFUSAL.overmatched;
    return false;
  };
  for (let attempt = 0; drawn && attempt < DRAW_TRIES; attempt += 1) {
    const value = sampleOne(drawn, seed + attempt * 65_537);
    if (accepted(value)) return value;
  }
  const modes: Array<{ mode: DrawMode; seed: number }> = [
    { mode: 'minimal', seed },
    { mode: 'example', seed },
    ...Array.from({ length: GENERATOR_TRIES }, (_, index) => ({
      mode: 'realistic' as const,
      seed: seed + index,
    })),
  ];
  for (const { mode, seed: drawSeed } of modes) {
    const value = drawFromSchema(fallback.root, fallback.schema, {
      mode,
      seed: drawSeed,
      side: fallback.side,
      nonEmpty: fallback.nonEmpty,
      // The stubs judge by the spec alone: a oneOf's value set apart from its other members.
      exclusiveOneOf: true,
    }) as T;
    if (accepted(value)) return value;
  }
  const unsatisfiable =
    unsatisfiableReason(fallback.root, fallback.schema) ??
    (overmatchedOnly
      ? 'a oneOf that is not exclusive: every value made for one of its members matched another too'
      : undefined);
  throw new Error(
    `no value drawn for ${what} in ${DRAW_TRIES} tries of fast-check and ${modes.length} of the value generator satisfies its schema${unsatisfiable ? `: unsatisfiable, ${unsatisfiable}` : ''}`,
  );
}

/**
 * Why a schema admits no value, where it shows on its face, itself or a property it requires: an
 * `enum` none of whose values its `type` admits (apacta's `type: string` with `enum: [true, false]`,
 * trakt's integer with `enum: ["1", …]`, apptigent's CompareStrings), or a property required and
 * forbidden by `additionalProperties: false` (e-conomic's Employee), or a string whose pattern
 * and length bounds exclude each other (apprunner's ServiceId). The spec's defect, not a draw
 * the generators missed. The suites' checks (findEnumOutsideType, findForbiddenRequired), worded here.
 */
function unsatisfiableReason(root: Root, schema: Schema): string | undefined {
  // Both finders answer "<pointer> <names>".
  const requires = (found: string, why: string) => {
    const at = found.slice(0, found.indexOf(' '));
    return `${at === '/' ? '' : `${at}: `}requires ${found.slice(found.indexOf(' ') + 1)}, which ${why}`;
  };
  const forbidden = findForbiddenRequired(root, schema);
  if (forbidden) return requires(forbidden, 'its additionalProperties: false forbids');
  const excluded = findExcludedByAllOf(root, schema);
  if (excluded) return requires(excluded, "an allOf member's additionalProperties: false forbids");
  const found = findEnumOutsideType(root, schema);
  if (found)
    return `${found.at ? `${found.at}: ` : ''}none of its enum values (${found.values.map((value) => JSON.stringify(value)).join(', ')}) is of its type ${found.types.join(' or ')}`;
  const string = findStringOutOfBounds(root, schema);
  return string ? `${string.at ? `${string.at}: ` : ''}${string.why}` : undefined;
}

/**
 * Why no value satisfies an IR schema on its face (unsatisfiableReason), or undefined: for callers
 * that judge answers (bad-input).
 */
export function unsatisfiableOnItsFace(ir: Ir, schema: JsonSchema): string | undefined {
  return unsatisfiableReason(sharedSchema(ir) as Root, standaloneSchema(schema, ir));
}

function paramValue(ir: Ir, root: Root, param: IrParameter, seed: number): Generated | undefined {
  const schema = narrow(root, standaloneSchema(param.schema, ir), rulesFor(param));
  const accepts = VALIDITY.request(param.schema);
  if (!param.required && sampleOne(fc.nat({ max: 3 }), seed) === 0) return undefined;
  // An optional parameter no sendable value satisfies is left out, as the suites leave it out
  // (firebrowse's `date`: an array whose string items have an enum of integers; the narrowed
  // schema asks for an item, since an empty array is not sent).
  if (!param.required && neverSatisfied(root, schema)) return undefined;
  return {
    value: sampleWhere(
      () => arbitraryFrom(root, schema),
      (value) => representable(param, value) && fitsWireBudget(value) && accepts(value),
      seed,
      `${param.in} parameter ${param.name}`,
      { root, schema, side: 'request', nonEmpty: rulesFor(param).nonEmptyCollections },
    ),
  };
}

const bytesArbitrary = fc.uint8Array({ maxLength: 4096 });

function fileValue(seed: number, type: string | undefined): unknown {
  const bytes = sampleOne(bytesArbitrary, seed);
  const concrete =
    (type ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .find((entry) => entry && !entry.includes('*')) ?? 'application/octet-stream';
  return { $file: { name: `file-${seed % 1000}.bin`, type: concrete, bytes: toBase64(bytes) } };
}

/** A value for a part: a file's, or one drawn from its schema as `partSchema` narrows it. */
function partValue(root: Root, part: IrPart, schema: Schema, seed: number): unknown {
  if (part.shape === 'file') return fileValue(seed, part.contentType);
  if (part.shape === 'files')
    return Array.from({ length: 1 + (seed % Math.min(3, part.maxFiles ?? 3)) }, (_, index) =>
      fileValue(seed + index + 1, part.contentType),
    );
  return sampleOne(arbitraryFrom(root, schema), seed);
}

/** A form or multipart field's schema, narrowed to what the SDKs can send. */
function partSchema(ir: Ir, root: Root, part: IrPart, kind: IrMedia['kind']): Schema {
  // Multipart values are not escaped: a styled one holds no delimiter; every part's array is not empty (none is not sent).
  const rules: Narrowing = {
    ...(kind === 'multipart' && part.styled ? { pattern: NO_DELIMITERS } : {}),
    nonEmptyCollections: true,
    // deepObject spells members at every depth, and an empty one is not sent there either.
    ...(part.styled && part.style === 'deepObject' ? { everyDepth: true } : {}),
  };
  return narrow(root, standaloneSchema(part.schema, ir), rules);
}

/** One part's value as the stubs write it in a multipart answer: text, JSON text, or a file (protocol.ts's `$form`). */
function answerEntries(name: string, part: IrPart, value: unknown): Array<[string, unknown]> {
  if (value === undefined || value === null) return [];
  if (part.shape === 'file' || part.shape === 'files')
    return (Array.isArray(value) ? value : [value]).map((file) => [name, file]);
  // What UTF-8 can carry: a lone surrogate is written as U+FFFD.
  const text = (item: unknown) =>
    wellFormed(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  // As the stubs write it (and the SDKs send a request): an array one part per item, JSON parts as JSON text.
  const one = (item: unknown) => (part.json ? JSON.stringify(item) : text(item));
  if (Array.isArray(value) && part.shape === 'array')
    return value.filter((item) => item !== null && item !== undefined).map((item) => [name, one(item)]);
  return [[name, one(value)]];
}

/** A multipart answer: its parts drawn from their schemas, in schema order (writeOnly ones are never answered). */
function multipartAnswer(ir: Ir, root: Root, media: IrMedia, seed: number): unknown {
  const parts = (media.parts ?? []).filter((part) => !hiddenOn('response', ir.model.node(part.schema)));
  const entries: Array<[string, unknown]> = [];
  parts.forEach((part, index) => {
    const schema = partSchema(ir, root, part, media.kind);
    if (!part.required && neverSatisfied(root, schema)) return;
    if (part.required || sampleOne(fc.boolean(), seed + 100 + index))
      entries.push(...answerEntries(part.name, part, partValue(root, part, schema, seed + index * 7919)));
  });
  return { $form: entries };
}

function bodyValue(ir: Ir, root: Root, media: IrMedia, seed: number): unknown {
  switch (media.kind) {
    case 'multipart':
    case 'form': {
      // readOnly parts are the server's to set, as in a JSON body: no SDK takes them (Python has no argument for them).
      const parts = (media.parts ?? []).filter((part) => !hiddenOn('request', ir.model.node(part.schema)));
      const value: Record<string, unknown> = {};
      parts.forEach((part, index) => {
        // An optional field no value satisfies is left out, as an optional parameter is
        // (visagecloud's form field `purposes`: an array whose own enum holds strings).
        const schema = partSchema(ir, root, part, media.kind);
        if (!part.required && neverSatisfied(root, schema)) return;
        const keep = part.required || sampleOne(fc.boolean(), seed + 100 + index);
        if (keep) value[part.name] = partValue(root, part, schema, seed + index * 7919);
      });
      return value;
    }
    case 'text': {
      // A text document with a structured schema (XML) is sent as text: any string stands for it.
      const stringSchema =
        ir.model.shape(media.schema) === 'primitive'
          ? standaloneSchema(media.schema, ir)
          : { type: 'string' };
      return sampleOne(arbitraryFrom(root, stringSchema), seed);
    }
    case 'binary':
    case 'event-stream':
    case 'ndjson':
      return { $bytes: toBase64(sampleOne(bytesArbitrary, seed)) };
    default:
      // A null body is not drawn: the SDKs take a JSON body as an object's fields or a value, never null.
      return sampleWhere(
        () => arbitraryFrom(root, standaloneSchema(media.schema, ir)),
        (value) => value !== null && VALIDITY.request(media.schema)(value),
        seed,
        `the ${media.mediaType} request body`,
        { root, schema: standaloneSchema(media.schema, ir), side: 'request' },
      );
  }
}

/**
 * A schema as a response carries it: readOnly is no reason to leave a property out (the request
 * generator skips readOnly ones), writeOnly properties are never answered, and a property with a
 * `default` is always given (the stubs' serializer would write the default in its place).
 */
function forResponses(node: Schema): Schema {
  if (Array.isArray(node)) return node.map(forResponses);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries<Schema>(node))
    if (key !== 'readOnly') out[key] = forResponses(value);
  if (node.properties && typeof node.properties === 'object') {
    const writeOnly = Object.entries<Schema>(node.properties)
      .filter(([, value]) => value?.writeOnly === true)
      .map(([name]) => name);
    for (const name of writeOnly) delete out.properties[name];
    const withDefault = Object.entries<Schema>(node.properties)
      .filter(
        ([name, value]) =>
          value && typeof value === 'object' && 'default' in value && !writeOnly.includes(name),
      )
      .map(([name]) => name);
    const required = [
      ...new Set([...(Array.isArray(node.required) ? node.required : []), ...withDefault]),
    ].filter((name) => !writeOnly.includes(name));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return out;
}

const eventText = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((text) => !/[\r\n\0]/.test(text));

function responseValue(ir: Ir, root: Root, media: IrMedia, seed: number): unknown {
  const dataSchema = media.stream?.dataSchema;
  const dataResponseSchema =
    dataSchema !== undefined ? forResponses(standaloneSchema(dataSchema, ir)) : undefined;
  // fast-check's own filter draws for ever where no draw is valid: bounded, then the value generator's.
  const data =
    dataSchema !== undefined
      ? bounded(arbitraryFrom(root, dataResponseSchema), VALIDITY.response(dataSchema), () =>
          drawFromSchema(root, dataResponseSchema, { side: 'response' }),
        )
      : undefined;
  switch (media.kind) {
    case 'json':
      return sampleWhere(
        () => arbitraryFrom(root, forResponses(standaloneSchema(media.schema, ir))),
        VALIDITY.response(media.schema),
        seed,
        `the ${media.mediaType} response body`,
        { root, schema: forResponses(standaloneSchema(media.schema, ir)), side: 'response' },
      );
    case 'text':
    case 'form':
      return sampleOne(fc.string({ unit: 'grapheme', maxLength: 200 }), seed);
    case 'event-stream': {
      const payload = media.stream?.dataIsJson
        ? (data ?? anyJson(2))
        : fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !text.includes('\r'));
      const event = fc
        .record({
          event: fc.option(
            eventText.filter((text) => text !== ''),
            { nil: undefined },
          ),
          id: fc.option(eventText, { nil: undefined }),
          retry: fc.option(fc.nat({ max: 60_000 }), { nil: undefined }),
          data: payload,
        })
        .map((entry) => Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)));
      return { $events: sampleOne(fc.array(event, { maxLength: 4 }), seed) };
    }
    case 'ndjson':
      return { $records: sampleOne(fc.array(data ?? anyJson(2), { maxLength: 4 }), seed) };
    case 'multipart':
      return multipartAnswer(ir, root, media, seed);
    default:
      return { $bytes: toBase64(sampleOne(bytesArbitrary, seed)) };
  }
}

function successOf(operation: IrOperation): { status: number; content: IrMedia[] } {
  const success = operation.responses.find((response) => response.status === operation.successStatus);
  const status = success && /^\d+$/.test(success.status) ? Number(success.status) : 200;
  return { status, content: success?.content ?? [] };
}

/** The cases of one operation (one per request media type, one more per further success media type). */
function operationCases(
  ir: Ir,
  root: Root,
  responseRoot: Root,
  operation: IrOperation,
  seed: number,
  run: number,
): Case[] {
  const bodies: Array<IrMedia | undefined> = operation.body?.content.length
    ? operation.body.content
    : [undefined];
  const { status, content: declared } = successOf(operation);
  // A paged list's SDK method reads JSON pages: its other media types are not asked for through it.
  const content = operation.pagination
    ? declared.filter((media) => media.kind === 'json').slice(0, 1)
    : declared;
  // A range (`*/*`) asked for is answered in the first declared type it covers: one preferred
  // before it (gerermesaffaires' JSON before `*/*`) leaves the SDKs no way to ask for it alone.
  const answerable = content.filter(
    (media, index) =>
      !content.slice(0, index).some((earlier) => rangeMatches(essence(media.mediaType), earlier.mediaType)),
  );
  const accepts: Array<IrMedia | undefined> = answerable.length ? answerable : [undefined];
  const combos = [
    ...bodies.map((body) => ({ body, accept: accepts[0] })),
    ...accepts.slice(1).map((accept) => ({ body: bodies[0], accept })),
  ];
  return combos.map(({ body, accept }, index) => {
    const base = seed + run * 1_000_003 + index * 7_919;
    const request: CaseRequest = { path: {}, query: {}, header: {}, cookie: {} };
    const all = [
      ...operation.parameters.path,
      ...operation.parameters.query,
      ...operation.parameters.header.filter((param) => param.name !== operation.idempotencyHeader),
      ...operation.parameters.cookie,
    ];
    const chosen = new Set<string>();
    all.forEach((param, at) => {
      // x-mutually-exclusive-with: a parameter is left out when one it cannot go with is sent.
      const excluded = all.some(
        (other) =>
          chosen.has(other.name) &&
          (other.exclusiveWith?.includes(param.name) || param.exclusiveWith?.includes(other.name)),
      );
      const generated = excluded ? undefined : paramValue(ir, root, param, base + at * 104_729);
      if (generated) {
        request[param.in][param.name] = generated.value;
        chosen.add(param.name);
      }
    });
    fitHead(request, all);
    if (body && (operation.body?.required || sampleOne(fc.boolean(), base + 3))) {
      request.body = bodyValue(ir, root, body, base + 5);
      // An optional body with no field at all is no body (a client sends none): leave it out.
      if (
        !operation.body!.required &&
        request.body &&
        typeof request.body === 'object' &&
        !Array.isArray(request.body) &&
        Object.keys(request.body).length === 0
      )
        delete request.body;
      if (operation.body!.content.length > 1 && body !== operation.body!.content[0])
        request.contentType = body.mediaType;
    }
    if (accept && accepts.length > 1 && accept !== accepts[0]) request.accept = accept.mediaType;
    const response: CaseResponse = {
      status,
      ...(accept
        ? {
            mediaType: accept.mediaType,
            kind: accept.kind,
            body: responseValue(ir, responseRoot, accept, base + 11),
          }
        : {}),
    };
    return {
      id: `${operation.id}#${run}.${index}`,
      operationId: operation.id,
      method: operation.method.toUpperCase(),
      path: operation.path,
      pathOrder: operation.template.params,
      request,
      response,
    };
  });
}

/** What a case's parameters may take of a request's head: half of the 16 KB a server reads (Node's limit), the rest for the SDK's own headers and the percent-encoding of what is not ASCII. */
const HEAD_BUDGET = 8_192;

/**
 * Leaves optional parameters out, the last declared first, until the request's parameters fit
 * HEAD_BUDGET: epa.gov's cwa declares 145 query parameters, whose values together passed the limit
 * (the stubs rightly answered 400, "The request headers are too large").
 */
function fitHead(request: CaseRequest, declared: IrParameter[]): void {
  const size = (name: string, value: unknown) => name.length + 2 + wireLength(value);
  const places = ['path', 'query', 'header', 'cookie'] as const;
  let total = places.reduce(
    (sum, place) =>
      sum + Object.entries(request[place]).reduce((inner, [name, value]) => inner + size(name, value), 0),
    0,
  );
  for (const param of [...declared].reverse()) {
    if (total <= HEAD_BUDGET) return;
    if (param.required || !Object.hasOwn(request[param.in], param.name)) continue;
    total -= size(param.name, request[param.in][param.name]);
    delete request[param.in][param.name];
  }
}

/** Every case of a spec: `runs` rounds of every operation, from `seed`. Operations a case cannot be drawn for are reported, not skipped silently. */
export function buildCases(
  ir: Ir,
  seed: number,
  runs: number,
): { cases: Case[]; failed: Array<{ operationId: string; reason: string }> } {
  VALIDITY = validity(ir);
  const root = sharedSchema(ir) as Root;
  const responseRoot = { ...root, components: { schemas: forResponses(root.components.schemas) } } as Root;
  const cases: Case[] = [];
  const failed: Array<{ operationId: string; reason: string }> = [];
  ir.operations.forEach((operation, index) => {
    try {
      for (let run = 0; run < runs; run += 1)
        cases.push(...operationCases(ir, root, responseRoot, operation, seed + index * 31, run));
    } catch (error) {
      failed.push({
        operationId: operation.id,
        reason: `no values could be drawn from its schemas: ${(error as Error).message}`,
      });
    }
  });
  return { cases, failed };
}

export type { JsonSchema };
