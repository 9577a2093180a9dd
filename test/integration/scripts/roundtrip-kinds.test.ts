/**
 * Kinds of spec the corpus found the round trip (or the stubs) wrong on, each a fixture under
 * test/fixtures/kinds/ that every operation of must round-trip in TypeScript and Python
 * (docs/corpus.md, "Decisions on kinds"). Each row failed before its fix. Starts the stubs and
 * python3, one fixture at a time.
 */
import { it } from 'vitest';
import { expectEveryOperationRoundTrips } from '../../support/roundtrip.js';

it.each([
  {
    // twilio's VideoLayout: one JSON text, nulls inside it included (the harness dropped null
    // items, as for a field sent once per item). A seed whose draws put nulls in arrays.
    kind: 'a form field of no known shape',
    fixture: 'json-form-field-3.0.yaml',
    runs: 30,
    seed: 7,
    operations: 1,
  },
  {
    // graphhopper's matrix request, nexmo's SMS answer: the values the harness falls back on are
    // set apart from the other members (exclusiveOneOf); both were "not run".
    kind: 'a request body and an answer of overlapping oneOf members',
    fixture: 'overlapping-one-of-3.0.yaml',
    runs: 6,
    operations: 2,
  },
  {
    // fetch's `accept-language: *`, each SDK's `user-agent`: neither the header nor its schema's
    // default counts as sent when the caller gave none; where the header's enum refuses `*`, the
    // TypeScript client sends the default in its place; without a default, the stubs read `*` as absent.
    kind: 'headers the client writes by itself',
    fixture: 'client-written-headers-3.0.yaml',
    runs: 12,
    seed: 3,
    operations: 3,
  },
  {
    // openaq's `location`: every item travels as text, compared as text.
    kind: 'a query array of integer-or-text items',
    fixture: 'text-or-number-items-3.0.yaml',
    runs: 12,
    seed: 5,
    operations: 1,
  },
  {
    // Azure container registry's blobs: the stubs threw "Method 'HEAD' already declared".
    kind: 'HEAD declared beside GET operations told apart by a value in the template',
    fixture: 'dispatched-head-3.0.yaml',
    runs: 4,
    operations: 4,
  },
  {
    // visagecloud's `purposes`: the harness drew an optional form field no value satisfies.
    kind: 'an optional form field no value satisfies',
    fixture: 'unsatisfiable-form-field-3.0.yaml',
    runs: 12,
    seed: 1,
    operations: 1,
  },
  {
    // gsmtasks' `auto_assign_rotate`: a field that travels as JSON is validated as a JSON body,
    // with no default filled in; the harness expected its default whenever it was left out.
    kind: 'a form field sent as JSON, with a default',
    fixture: 'json-field-default-3.0.yaml',
    runs: 12,
    operations: 1,
  },
  {
    // mimic's `objInsArray`: a path array of arrays, whose items the SDKs write as JSON text; the
    // stubs parsed them in a query or a header only, and refused a path's (400).
    kind: 'path and cookie values nested inside their style',
    fixture: 'nested-parameter-items-3.0.yaml',
    runs: 10,
    operations: 5,
  },
  {
    // ec2's LaunchTemplateData: an allOf of a Boolean and its description was narrowed as text, and
    // the value generator, asked once fast-check's draws passed the budget, drew null for it.
    kind: 'a query object of allOfs that only describe their $ref',
    fixture: 'annotated-all-of-query-3.0.yaml',
    runs: 10,
    operations: 1,
  },
])('$kind ($fixture)', { timeout: 180_000 }, ({ fixture, runs, seed, operations }) =>
  expectEveryOperationRoundTrips(`test/fixtures/kinds/${fixture}`, operations, { runs, seed }),
);
