/**
 * Compatible changes through schemas shared over several levels of $ref, and request constraints
 * that only widen what the server accepts.
 */
import {
  type Case,
  schema,
  list,
  param,
  addQuery,
  ref,
  sharedSlug,
  sharedScore,
  sharedMapValue,
} from './spec-edits.js';

export const compatibleWideningCases: Case[] = [
  // ---- a schema shared through several levels of $ref (compatible) -----------------------------
  {
    name: 'a limit in a schema shared through allOf and two $refs is raised (requests widen)',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: sharedSlug,
    mutate: (s) => (schema(s, 'Slug').maxLength = 128),
  },
  {
    name: 'a map value schema shared through two $refs gets a higher maxLength',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: sharedMapValue,
    mutate: (s) => (schema(s, 'ShortText').maxLength = 1000),
  },
  {
    name: 'a response-only schema shared through allOf and two $refs gets a lower maximum',
    breaking: false,
    rule: 'response-limit-tightened',
    prepare: sharedScore,
    mutate: (s) => (schema(s, 'Score').maximum = 50),
  },
  {
    name: 'a limit beside a $ref (3.1) is raised in a request',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: (s) => {
      s.components.schemas.Slug = { type: 'string', pattern: '^[a-z0-9_]+$' };
      schema(s, 'Answer').properties.item_id = { ...ref('Slug'), maxLength: 64 };
    },
    mutate: (s) => (schema(s, 'Answer').properties.item_id.maxLength = 128),
  },
  {
    name: 'a property schema moves behind an allOf and a $ref, unchanged',
    breaking: false,
    rule: 'equivalent-rewrite',
    mutate: (s) => {
      const { description, ...value } = schema(s, 'Answer').properties.value;
      s.components.schemas.Rating = value;
      schema(s, 'Answer').properties.value = { allOf: [ref('Rating')], description };
    },
  },
  {
    name: 'a shared enum gains a value that every payload pins with const',
    breaking: false,
    rule: 'webhook-payload-constraint-restated',
    mutate: (s) => schema(s, 'EventType').enum.push('subject.created'),
  },
  // ---- a request constraint that only widens what the server accepts ----------------------------
  {
    name: 'a request pattern admits more characters',
    breaking: false,
    rule: 'request-pattern-widened',
    mutate: (s) => (schema(s, 'Answer').properties.item_id.pattern = '^[a-z0-9_-]+$'),
  },
  {
    name: 'a request pattern admits longer values',
    breaking: false,
    rule: 'request-pattern-widened',
    prepare: (s) => (schema(s, 'Answer').properties.item_id.pattern = '^[a-z][a-z0-9_]{0,63}$'),
    mutate: (s) => (schema(s, 'Answer').properties.item_id.pattern = '^[a-z][a-z0-9_]{0,127}$'),
  },
  {
    name: 'request map keys may use capitals',
    breaking: false,
    rule: 'request-pattern-widened',
    mutate: (s) => (schema(s, 'Metadata').propertyNames.pattern = '^[A-Za-z0-9_]+$'),
  },
  {
    name: 'a request minimum becomes a lower exclusiveMinimum',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: (s) => addQuery(s, 'min_score', { schema: { type: 'number', minimum: 0 } }),
    mutate: (s) => {
      const value = list(s).parameters[3].schema;
      delete value.minimum;
      value.exclusiveMinimum = -1;
    },
  },
  {
    name: 'an integer minimum is written as the exclusiveMinimum below it',
    breaking: false,
    rule: 'request-constraint-restated',
    mutate: (s) => {
      const value = param(s, 'Limit').schema;
      delete value.minimum;
      value.exclusiveMinimum = 0;
    },
  },
  {
    name: 'a request multipleOf becomes a finer decimal',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: (s) => addQuery(s, 'min_score', { schema: { type: 'number', multipleOf: 0.1 } }),
    mutate: (s) => (list(s).parameters[3].schema.multipleOf = 0.01),
  },
  {
    name: 'a request format widens from email to idn-email',
    breaking: false,
    rule: 'request-format-widened',
    prepare: (s) =>
      (schema(s, 'SubjectCreate').properties.contact_email = {
        type: 'string',
        format: 'email',
        maxLength: 254,
      }),
    mutate: (s) => (schema(s, 'SubjectCreate').properties.contact_email.format = 'idn-email'),
  },
  {
    name: 'a request not constraint is removed',
    breaking: false,
    rule: 'request-not-removed',
    prepare: (s) =>
      (schema(s, 'SubjectCreate').properties.external_ref = {
        type: 'string',
        maxLength: 64,
        not: { const: 'admin' },
      }),
    mutate: (s) => delete schema(s, 'SubjectCreate').properties.external_ref.not,
  },
  {
    name: 'an allOf part that limits a request value is removed',
    breaking: false,
    rule: 'request-limit-loosened',
    prepare: (s) =>
      (schema(s, 'SubjectCreate').properties.external_ref = {
        allOf: [{ type: 'string', pattern: '^[a-z0-9]+$' }, { maxLength: 10 }],
      }),
    mutate: (s) => schema(s, 'SubjectCreate').properties.external_ref.allOf.pop(),
  },
];
