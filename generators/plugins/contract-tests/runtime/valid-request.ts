/**
 * Requests checked before they are sent: a check that sends an invalid request by accident (an
 * example the spec got wrong) would blame the target for refusing it.
 */
import fc from 'fast-check';
import {
  arbitraryFrom,
  findEnumOutsideType,
  findStringOutOfBounds,
  findExcludedByAllOf,
  firstInRequired,
  withoutReadOnly,
  type SchemaRoot,
} from './arbitraries.js';
import type { OperationCase } from './cases.js';
import { ProblemsError, record, type Problem } from './findings.js';
import type { RequestSpec } from './request.js';
import { fillPath } from './serialize.js';
import type { SuiteContext } from './suite-context.js';

const deepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a body schema's oneOf is not exclusive: the body at hand, or a value drawn for the
 * schema, is refused only because it matches more than one member (graphhopper's matrix request:
 * two open objects with no required property, so what is made for one member is the other's too).
 */
export function overlappingOneOf(suite: SuiteContext, schema: object, body: unknown): boolean {
  if (suite.validator.overmatchesOneOf(schema, body)) return true;
  let arbitrary: fc.Arbitrary<unknown>;
  try {
    arbitrary = arbitraryFrom(suite.cases.sharedSchema, schema);
  } catch {
    return false; // no value satisfies it on its face (unsatisfiableBodyProblem says why)
  }
  return fc
    .sample(arbitrary, { numRuns: 20, seed: 43 })
    .some((value) => suite.validator.overmatchesOneOf(schema, value));
}

/**
 * Where an object schema requires properties that its `additionalProperties: false` forbids (not
 * declared, no patternProperties), so no value satisfies it (e-conomic's Employee requires
 * canApprove and canInvoice and declares neither): "<pointer> <names>", followed into required
 * properties; undefined when there is none.
 */
export function findForbiddenRequired(root: SchemaRoot, schema: unknown): string | undefined {
  return firstInRequired(root, schema, (node, at) => {
    if (node.additionalProperties !== false || node.patternProperties) return undefined;
    const declared: Record<string, unknown> = node.properties ?? {};
    const required: string[] = Array.isArray(node.required) ? node.required : [];
    const missing = required.filter((name) => !Object.hasOwn(declared, name));
    return missing.length ? `${at || '/'} ${missing.join(', ')}` : undefined;
  });
}

/** The spec's finding for a body schema that requires a value of an enum its type refuses. */
function enumOutsideTypeProblem(operation: OperationCase, where: string): Problem {
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the request body's schema requires a value whose enum holds none of its type, so no body is valid (at ${where})`,
    operation: operation.id,
    pointer: operation.bodyPointer,
    fix: 'Write the enum values in the schema\'s type (the text "true", not the boolean), or give the schema the type of its values.',
    key: `spec|enum-outside-type|${operation.bodyPointer ?? operation.id}`,
  };
}

/** The spec's finding for a body schema that requires a string no value satisfies. */
function stringOutOfBoundsProblem(operation: OperationCase, where: string): Problem {
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the request body's schema requires a string no value satisfies, so no body is valid (at ${where})`,
    operation: operation.id,
    pointer: operation.bodyPointer,
    fix: "Make the string's pattern and length bounds agree (a UUID is 36 characters).",
    key: `spec|string-out-of-bounds|${operation.bodyPointer ?? operation.id}`,
  };
}

/** The spec's finding for a body schema that requires what it forbids. */
function forbiddenRequiredProblem(operation: OperationCase, where: string): Problem {
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the request body's schema requires properties its additionalProperties: false forbids, so no body is valid (at ${where})`,
    operation: operation.id,
    pointer: operation.bodyPointer,
    fix: 'Declare the required properties under properties, or drop them from required.',
    key: `spec|requires-forbidden|${operation.bodyPointer ?? operation.id}`,
  };
}

/** The spec's finding for a body schema with an allOf whose members close their objects against what another requires. */
function excludedByAllOfProblem(operation: OperationCase, where: string): Problem {
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the request body's schema has an allOf one of whose members forbids, by its additionalProperties: false, a property another requires, so no body is valid (at ${where})`,
    operation: operation.id,
    pointer: operation.bodyPointer,
    fix: "additionalProperties: false sees only its own member's properties: declare the property in every member that closes its object, or close the object once, beside the allOf (unevaluatedProperties: false in OpenAPI 3.1).",
    key: `spec|excluded-by-all-of|${operation.bodyPointer ?? operation.id}`,
  };
}

/** The spec's finding for a body no ordinary value of which is valid: its oneOf's members overlap. */
function oneOfOverlapProblem(operation: OperationCase): Problem {
  return {
    class: 'spec',
    check: 'positive_data_acceptance',
    message: `${operation.id}: the request body's oneOf is not exclusive: what is made for one member matches another too, so no such body is valid (/ must match exactly one schema in oneOf)`,
    operation: operation.id,
    pointer: operation.bodyPointer,
    fix: 'Make the oneOf members exclude each other (a required property or a const per member, additionalProperties: false, a discriminator), or use anyOf.',
    key: `spec|oneOf-not-exclusive|${operation.bodyPointer ?? operation.id}`,
  };
}

/**
 * The spec's finding when no request body can be valid, where the schema shows why: a oneOf whose
 * members overlap (`overmatched`: a body was refused only for matching more than one), required
 * properties that additionalProperties: false forbids, a required enum its type refuses, or a
 * required string whose pattern and length bounds exclude each other. Undefined otherwise: then it is a limit of
 * the suites, which each caller words for its stage.
 */
export function unsatisfiableBodyProblem(
  operation: OperationCase,
  root: SchemaRoot,
  bodySchema: unknown,
  overmatched: boolean,
): Problem | undefined {
  if (overmatched) return oneOfOverlapProblem(operation);
  if (bodySchema === undefined) return undefined;
  const forbidden = findForbiddenRequired(root, bodySchema);
  if (forbidden) return forbiddenRequiredProblem(operation, forbidden);
  const excluded = findExcludedByAllOf(root, bodySchema);
  if (excluded) return excludedByAllOfProblem(operation, excluded);
  const outside = findEnumOutsideType(root, bodySchema);
  if (outside)
    return enumOutsideTypeProblem(
      operation,
      `${outside.at || '/'}: enum ${JSON.stringify(outside.values)}, type ${outside.types.join(' or ')}`,
    );
  const string = findStringOutOfBounds(root, bodySchema);
  return string ? stringOutOfBoundsProblem(operation, `${string.at || '/'}: ${string.why}`) : undefined;
}

/**
 * The request with every part checked against its schema before it is sent: no readOnly property
 * in the body; a body, query, header or path value that is invalid (an example the spec got wrong)
 * is a spec finding and is replaced by a generated valid value, so the target is still tested. Path
 * values the target made (an ID a producer answered) are the target's and are not judged here.
 */
export function validRequest(
  suite: SuiteContext,
  operation: OperationCase,
  request: RequestSpec,
): RequestSpec {
  const fixed = { ...request };
  // A request sends no readOnly property (an example shared with the response may hold the server's id).
  if (operation.bodySchema && request.body && typeof request.body === 'object')
    fixed.body = withoutReadOnly(suite.cases.sharedSchema, operation.bodySchema, request.body);
  if (operation.bodySchema && fixed.body !== undefined && !operation.bodyUnsupported) {
    const violations = suite.violations(
      operation.bodySchema,
      fixed.body,
      'request',
      operation.bodyPointer,
      operation.id,
    );
    if (violations.length) {
      const example = suite.cases.examples.find(
        (candidate) =>
          candidate.part === 'request' &&
          candidate.operation === operation.id &&
          deepEqual(candidate.value, operation.body),
      );
      if (example)
        record({
          class: 'spec',
          check: 'example_validity',
          message: `${operation.id}: the request body example ${example.pointer} is invalid against its schema: ${violations.slice(0, 3).join('; ')}`,
          operation: operation.id,
          pointer: example.pointer,
          fix: 'Correct the example so that it validates against its schema.',
          key: `spec|invalid-example|${example.pointer}`,
        });
      const value = suite.validValue(operation.bodySchema);
      const unsatisfiable =
        value === undefined
          ? unsatisfiableBodyProblem(
              operation,
              suite.cases.sharedSchema,
              operation.bodySchema,
              overlappingOneOf(suite, operation.bodySchema, fixed.body),
            )
          : undefined;
      if (unsatisfiable) throw new ProblemsError([unsatisfiable]);
      if (value === undefined)
        throw new ProblemsError([
          {
            class: 'suite',
            check: 'positive_data_acceptance',
            message: `${operation.id}: the suite cannot make a request body valid against its schema (${violations.slice(0, 2).join('; ')})`,
            operation: operation.id,
            pointer: operation.bodyPointer,
            fix: 'This is a bug (or a limit) of the generated contract suites: report it with the spec that shows it.',
          },
        ]);
      fixed.body = suite.tag(operation, value);
    }
  }
  const query = { ...(request.query ?? {}) };
  const headers = { ...(request.headers ?? {}) };
  // Path values the suite made (an ID a producer answered) are the target's; examples and samples are checked like the rest.
  const made = new Set(
    suite.target.stateful
      ? operation.pathParams.filter((param) => param.producer).map((param) => param.name)
      : [],
  );
  const pathValues = { ...(request.pathValues ?? {}) };
  let pathChanged = false;
  for (const param of operation.parameters ?? []) {
    const holder: Record<string, unknown> | undefined =
      param.in === 'query'
        ? query
        : param.in === 'header'
          ? headers
          : param.in === 'path' && !made.has(param.name)
            ? pathValues
            : undefined;
    // Own values only: a query `constructor` left out is absent, not Object's constructor.
    if (!holder || !Object.hasOwn(holder, param.name) || holder[param.name] === undefined) continue;
    // Headers and paths are text on the wire: read them as the server does before judging them.
    const typed =
      (param.in === 'header' || param.in === 'path') && typeof holder[param.name] === 'string'
        ? readScalar(param.schema, holder[param.name] as string)
        : holder[param.name];
    const violations = suite.violations(param.schema, typed, 'request', param.pointer, operation.id);
    if (!violations.length) continue;
    if (param.in === 'path') pathChanged = true;
    const example = suite.cases.examples.find(
      (candidate) =>
        candidate.part === 'parameter' &&
        candidate.operation === operation.id &&
        candidate.parameter === param.name,
    );
    if (example)
      record({
        class: 'spec',
        check: 'example_validity',
        message: `${operation.id}: the example of parameter ${param.name} (${JSON.stringify(example.value)}) is invalid against its schema: ${violations.slice(0, 3).join('; ')}`,
        operation: operation.id,
        pointer: example.pointer,
        fix: 'Correct the example so that it validates against its schema.',
        key: `spec|invalid-example|${example.pointer}`,
      });
    const value = suite.validValue(param.schema);
    if (value !== undefined)
      holder[param.name] =
        param.in === 'header' || param.in === 'path'
          ? typeof value === 'object'
            ? value
            : String(value)
          : value;
  }
  fixed.query = query;
  fixed.headers = headers as Record<string, string>;
  if (pathChanged) {
    fixed.path = fillPath(operation.path, operation.parameters ?? [], pathValues);
    fixed.pathValues = pathValues;
  }
  return fixed;
}

/** A header's string value read as its schema types it (headers are strings on the wire). */
export function readScalar(schema: object, raw: string): unknown {
  const type = (schema as { type?: unknown }).type;
  if ((type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw)))
    return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
