/**
 * The stubs' error bodies, built at generation from the spec's documented error responses: for
 * each JSON error response (a 4XX/5XX status, its range, or `default`), a body drawn from its
 * schema by the value generator (example mode), with the optional properties that carry an
 * error's words added, and slots where the error's message, code and status go. Ajv (the
 * runtime's own configuration) is the judge: the drawn body, and each slot filled with probe
 * values, must satisfy the schema, or the slot (or the template) is not used.
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { Ir, IrOperation, IrResponse } from '../../core/ir.js';
import { ownValue, setOwn } from '../../core/own-keys.js';
import { pointerToPath } from '../../core/refs.js';
import { sideSchema } from '../../core/schema-dialect.js';
import type { SchemaNode } from '../../core/schema-nodes.js';
import { drawValue, type DrawOptions } from '../../core/values/draw.js';
import type { ErrorSlot, ErrorTemplate, ErrorTemplateTable } from './runtime/error-bodies.js';
import { MESSAGE_LIMIT } from './runtime/errors.js';
import { createAjv } from './runtime/validation.js';

/** Property names that say they hold an error's words, and those that hold its code (case and `_`/`-` ignored). */
const MESSAGE_NAMES = new Set([
  'message',
  'detail',
  'details',
  'errordescription',
  'errormessage',
  'title',
  'description',
  'msg',
]);
const CODE_NAMES = new Set(['code', 'errorcode', 'type']);
const STATUS_NAMES = new Set(['status', 'statuscode']);
const squash = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

const PROBE_MESSAGE = 'The request body is not valid JSON.';
const PROBE_CODE = 'invalid_request';
const PROBE_STATUSES = [400, 404, 500];
/** Realistic draws tried when the example draw does not satisfy the error schema. */
const REALISTIC_DRAWS = 20;

type Json = Record<string | number, unknown>;

/** The node a value of it is read by: refs followed, allOf merged. */
function resolved(ir: Ir, node: SchemaNode, depth = 0): SchemaNode {
  if (depth > 8) return node;
  if (node.kind === 'ref') return resolved(ir, node.target, depth + 1);
  if (node.kind === 'intersection') return resolved(ir, ir.model.merged(node), depth + 1);
  return node;
}

/** A string node any text fits (no enum, const, format or pattern). */
function freeString(ir: Ir, node: SchemaNode): boolean {
  const target = resolved(ir, node);
  return target.kind === 'string' && target.format === undefined && target.pattern === undefined;
}

/** Whether an object or array node holds (within a few levels) a property named for an error's words. */
function holdsWords(ir: Ir, node: SchemaNode, depth: number): boolean {
  if (depth > 2) return false;
  const target = resolved(ir, node);
  if (target.kind === 'array') return holdsWords(ir, target.items, depth + 1);
  if (target.kind !== 'object') return false;
  return target.properties.some(
    (property) =>
      (MESSAGE_NAMES.has(squash(property.name)) && freeString(ir, property.node)) ||
      holdsWords(ir, property.node, depth + 1),
  );
}

/** The drawn value with the optional properties that carry an error's words (and what holds them) drawn too. */
function withWords(ir: Ir, node: SchemaNode, value: unknown, depth = 0): unknown {
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  const target = resolved(ir, node);
  if (Array.isArray(value))
    return target.kind === 'array' && value.length > 0
      ? [withWords(ir, target.prefixItems[0] ?? target.items, value[0], depth + 1), ...value.slice(1)]
      : value;
  if (target.kind !== 'object') return value;
  const out: Json = { ...(value as Json) };
  // An object with words of its own keeps its optional containers (Azure's `details`) as drawn.
  const ownWords = target.properties.some(
    (property) => MESSAGE_NAMES.has(squash(property.name)) && freeString(ir, property.node),
  );
  for (const property of target.properties) {
    const name = squash(property.name);
    const wanted =
      ((MESSAGE_NAMES.has(name) || CODE_NAMES.has(name)) && freeString(ir, property.node)) ||
      (!ownWords && holdsWords(ir, property.node, 0));
    if (!(property.name in out) && wanted)
      out[property.name] = drawValue(property.node, { mode: 'example', side: 'response', nonEmpty: true });
    if (property.name in out)
      out[property.name] = withWords(ir, property.node, out[property.name], depth + 1);
  }
  return out;
}

/** The node of the value at `at` (refs followed, allOf merged), or undefined where a union leaves it open. */
function nodeAt(ir: Ir, node: SchemaNode, at: Array<string | number>): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (const key of at) {
    const target: SchemaNode = resolved(ir, current);
    if (typeof key === 'number')
      current = target.kind === 'array' ? (target.prefixItems[key] ?? target.items) : undefined;
    else
      current =
        target.kind === 'object'
          ? target.properties.find((property) => property.name === key)?.node
          : undefined;
    if (current === undefined) return undefined;
  }
  return resolved(ir, current);
}

/** Slots a body offers: string properties named for words or codes, integer ones named for the status; first array items. */
function candidateSlots(value: unknown, at: Array<string | number> = []): ErrorSlot[] {
  if (at.length === 0 && typeof value === 'string') return [{ at, with: 'message' }];
  if (value === null || typeof value !== 'object' || at.length > 4) return [];
  if (Array.isArray(value)) return value.length > 0 ? candidateSlots(value[0], [...at, 0]) : [];
  return Object.entries(value).flatMap(([key, inner]): ErrorSlot[] => {
    const name = squash(key);
    if (typeof inner === 'string' && MESSAGE_NAMES.has(name)) return [{ at: [...at, key], with: 'message' }];
    if (typeof inner === 'string' && CODE_NAMES.has(name)) return [{ at: [...at, key], with: 'code' }];
    if (typeof inner === 'number' && STATUS_NAMES.has(name)) return [{ at: [...at, key], with: 'status' }];
    return candidateSlots(inner, [...at, key]);
  });
}

function filled(body: unknown, slots: ErrorSlot[], values: { message: string; status: number }): unknown {
  if (slots.some((slot) => slot.at.length === 0)) return values.message;
  const copy = structuredClone(body);
  for (const slot of slots) {
    let holder = copy as Json;
    for (const key of slot.at.slice(0, -1)) holder = holder[key] as Json;
    holder[slot.at[slot.at.length - 1]] =
      slot.with === 'status' ? values.status : slot.with === 'code' ? PROBE_CODE : values.message;
  }
  return copy;
}

/** Whether the body with these slots filled satisfies the schema for every probe status (and this message). */
function fits(validate: ValidateFunction, body: unknown, slots: ErrorSlot[], message = PROBE_MESSAGE) {
  return PROBE_STATUSES.every((status) => validate(filled(body, slots, { message, status })));
}

/** The longest message (up to MESSAGE_LIMIT) the slot takes, when the schema bounds it; Ajv is asked, by halving. */
function messageBound(validate: ValidateFunction, body: unknown, slots: ErrorSlot[]): number | undefined {
  const message = (length: number) => PROBE_MESSAGE.padEnd(length, ' x');
  if (fits(validate, body, slots, message(MESSAGE_LIMIT))) return undefined;
  let [low, high] = [PROBE_MESSAGE.length, MESSAGE_LIMIT];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(validate, body, slots, message(middle))) low = middle;
    else high = middle;
  }
  return low;
}

/** The JSON media type the stubs answer an error response with: its preferred JSON one. */
const jsonMedia = (response: IrResponse) => response.content.find((media) => media.kind === 'json');

const isErrorStatus = (status: string) => status === 'default' || /^[45]/.test(status);
const statusKey = (status: string) => (/^\d+$/.test(status) ? status : status.toLowerCase());

interface Builder {
  ir: Ir;
  ajv: Ajv2020;
  /** Each error schema as the response side reads it (made once, for `reachedDocuments` too). */
  sideSchemas: Map<unknown, unknown>;
  warn(message: string, pointer?: string): void;
}

function buildTemplate(builder: Builder, response: IrResponse): ErrorTemplate | undefined {
  const { ir } = builder;
  const media = jsonMedia(response)!;
  let validate: ValidateFunction;
  try {
    validate = builder.ajv.compile(builder.sideSchemas.get(media.schema) as object);
  } catch (error) {
    builder.warn(
      `Ajv cannot compile the error schema (${(error as Error).message}); the stubs answer { code, message, param } here`,
      media.pointer,
    );
    return undefined;
  }
  const node = ir.model.node(media.schema);
  let body: unknown;
  // The example draw first; then realistic ones, which add optional properties: a oneOf whose members
  // differ only in one (GitHub's validation errors, `errors` as objects or as strings) refuses a
  // body of the required properties alone, which matches both. Then the same without the spec's
  // examples: an example its own schema refuses (lyft's CancellationCostError, without the
  // `description` its Cost requires) is what every draw would start from.
  const draws: DrawOptions[] = [
    ...[true, false].flatMap((useExamples) =>
      Array.from({ length: REALISTIC_DRAWS + 1 }, (_, seed): DrawOptions =>
        seed === 0
          ? { mode: 'example', side: 'response', useExamples }
          : { mode: 'realistic', seed, side: 'response', useExamples },
      ),
    ),
    // Last, the plainest body: an array of items no value satisfies (visualstudio's 400, a list of
    // MessageCodes, an integer whose enum is text) is still satisfied by the empty list.
    { mode: 'minimal', side: 'response', useExamples: false },
  ];
  for (const options of draws) {
    if (body !== undefined) break;
    const drawn = drawValue(node, options);
    body = [withWords(ir, node, drawn), drawn].find((candidate) => validate(candidate));
  }
  if (body === undefined) {
    builder.warn(
      'No value drawn from the error schema satisfies it; the stubs answer { code, message, param } here',
      media.pointer,
    );
    return undefined;
  }
  const fill: ErrorSlot[] = [];
  for (const slot of candidateSlots(body)) {
    // Text in a string with a format (problem details' `type` URI) would be valid by accident only.
    const formatted = slot.with !== 'status' && nodeAt(ir, node, slot.at)?.format !== undefined;
    if (!formatted && fits(validate, body, [...fill, slot])) fill.push(slot);
  }
  for (const slot of fill)
    if (slot.with === 'message') {
      const most = messageBound(validate, body, fill);
      if (most !== undefined) slot.maxLength = most;
    }
  return { mediaType: media.mediaType, body, fill, pointer: media.pointer };
}

/** The most used template for each key over every operation (ties: the first in spec order), and the most used overall as `any`. */
function documentChoices(perOperation: Array<Record<string, number>>): Record<string, number> {
  const counts = new Map<string, Map<number, number>>();
  const count = (key: string, index: number) => {
    const byIndex = counts.get(key) ?? new Map<number, number>();
    byIndex.set(index, (byIndex.get(index) ?? 0) + 1);
    counts.set(key, byIndex);
  };
  for (const responses of perOperation)
    for (const [key, index] of Object.entries(responses)) {
      count(key, index);
      count('any', index);
    }
  return Object.fromEntries(
    [...counts].map(([key, byIndex]) => [
      key,
      [...byIndex].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0],
    ]),
  );
}

let ajvOfTemplates: Ajv2020 | undefined;

/**
 * One Ajv for every generation in the process, emptied of the last one's schemas: a new instance
 * compiles the JSON Schema meta-schema again on its first schema, about 10 ms, which was most of
 * a small spec's whole generation. `removeSchema()` keeps the meta-schemas, formats and keywords.
 * The templates are made synchronously, so no two generations share it at once.
 */
function templatesAjv(): Ajv2020 {
  ajvOfTemplates ??= createAjv({ coerce: false });
  ajvOfTemplates.removeSchema();
  return ajvOfTemplates;
}

/** A shared schema document: its `$id`, and the places refs point into (`components/schemas/…`, `paths/…`). */
type SharedDocument = { $id: string } & Record<string, unknown>;

/**
 * The shared schema documents cut to what `roots` reach through their refs, each reached schema
 * whole: Ajv walks every schema it is given for ids and anchors (on GitHub's spec 80 ms a
 * generation, for three copies of a thousand components) while error schemas reach a handful. A
 * ref into a component takes the component; a ref elsewhere (`paths/…`) takes its target. A
 * document no ref reaches is left out; a ref this does not follow (an anchor, a dynamic ref)
 * leaves every document whole.
 */
export function reachedDocuments(documents: SharedDocument[], roots: unknown[]): SharedDocument[] {
  const byId = new Map(documents.map((document) => [document.$id, document]));
  /** Reached places by document, each a path of keys (a component's is its three). */
  const reached = new Map<string, Map<string, string[]>>();
  const queue: Array<{ id: string; keys: string[] }> = [];
  /** Queues the refs in `value` (relative ones are in document `id`); false for a ref it cannot follow. */
  const follow = (value: unknown, id: string | undefined): boolean => {
    if (Array.isArray(value)) return value.every((item) => follow(item, id));
    if (!value || typeof value !== 'object') return true;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$dynamicRef') return false;
      if (key !== '$ref' || typeof inner !== 'string') {
        if (!follow(inner, id)) return false;
        continue;
      }
      const hash = inner.indexOf('#');
      const base = hash === -1 ? inner : inner.slice(0, hash);
      const fragment = hash === -1 ? '' : inner.slice(hash + 1);
      const target = base === '' ? id : base;
      if (target === undefined || !byId.has(target)) continue;
      if (!fragment.startsWith('/')) return false;
      const keys = pointerToPath(fragment);
      queue.push({
        id: target,
        keys: keys[0] === 'components' && keys[1] === 'schemas' && keys.length > 3 ? keys.slice(0, 3) : keys,
      });
    }
    return true;
  };
  if (!roots.every((root) => follow(root, undefined))) return documents;
  for (let next = queue.pop(); next; next = queue.pop()) {
    const places = reached.get(next.id) ?? new Map<string, string[]>();
    reached.set(next.id, places);
    const key = JSON.stringify(next.keys);
    if (places.has(key)) continue;
    places.set(key, next.keys);
    const value = next.keys.reduce<unknown>((at, part) => ownValue(at, part), byId.get(next.id));
    if (!follow(value, next.id)) return documents;
  }
  return documents
    .filter((document) => reached.has(document.$id))
    .map((document) => {
      const cut: SharedDocument = { $id: document.$id, components: { schemas: {} } };
      // Shorter paths first: a place inside one already taken resolves there.
      const places = [...reached.get(document.$id)!.values()].sort((a, b) => a.length - b.length);
      const taken: string[][] = [];
      for (const keys of places) {
        if (taken.some((outer) => outer.every((part, index) => keys[index] === part))) continue;
        taken.push(keys);
        let into: Json = cut;
        let from: unknown = document;
        for (const part of keys.slice(0, -1)) {
          from = ownValue(from, part);
          // Containers on the way are this copy's own: the shared schema is read, never changed.
          const own = ownValue(into, part);
          into = (
            own && typeof own === 'object' ? own : setOwn(into, part, Array.isArray(from) ? [] : {})
          ) as Json;
        }
        const last = keys[keys.length - 1];
        const value = ownValue(from, last);
        if (value !== undefined) setOwn(into, last, value);
      }
      return cut;
    });
}

/** Templates for every documented JSON error response, and which applies to each operation and to the document. */
export function errorTemplates(
  ir: Ir,
  sides: { response?: { $id: string } },
  shared: SharedDocument[],
  warn: (message: string, pointer?: string) => void,
): { table: ErrorTemplateTable; byOperation: Map<IrOperation, Record<string, number>> } {
  const errorResponses = ir.operations.flatMap((operation) =>
    operation.responses.filter((response) => isErrorStatus(response.status) && jsonMedia(response)),
  );
  const schemas = new Map<unknown, unknown>();
  for (const response of errorResponses) {
    const { schema } = jsonMedia(response)!;
    if (!schemas.has(schema)) schemas.set(schema, sideSchema(schema, ir, sides.response));
  }
  const ajv = templatesAjv();
  for (const schema of reachedDocuments(shared, [...schemas.values()])) ajv.addSchema(schema);
  const builder: Builder = { ir, ajv, sideSchemas: schemas, warn };
  const templates: ErrorTemplate[] = [];
  const known = new Map<string, number | undefined>();
  const byOperation = new Map<IrOperation, Record<string, number>>();
  for (const operation of ir.operations) {
    const responses: Record<string, number> = {};
    for (const response of operation.responses) {
      const media = jsonMedia(response);
      if (!isErrorStatus(response.status) || !media) continue;
      const key = JSON.stringify([media.mediaType, media.schema]);
      if (!known.has(key)) {
        const template = buildTemplate(builder, response);
        known.set(key, template ? templates.push(template) - 1 : undefined);
      }
      const index = known.get(key);
      if (index !== undefined) responses[statusKey(response.status)] = index;
    }
    if (Object.keys(responses).length > 0) byOperation.set(operation, responses);
  }
  return { table: { templates, document: documentChoices([...byOperation.values()]) }, byOperation };
}
