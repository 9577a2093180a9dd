/** Compatible changes on the way in: operations, request properties, parameters and bodies. */
import {
  type Case,
  ASSESSMENT,
  schema,
  list,
  create,
  getAssessment,
  patch,
  param,
  addQuery,
} from './spec-edits.js';

export const compatibleRequestCases: Case[] = [
  // ---- compatible ------------------------------------------------------------------------------
  {
    name: 'an operation is added',
    breaking: false,
    rule: 'operation-added',
    mutate: (s) =>
      (s.paths['/v1/nature/assessments'] = { get: { ...getAssessment(s), operationId: 'listAssessments' } }),
  },
  {
    name: 'an optional request property is added',
    breaking: false,
    rule: 'request-property-optional-added',
    mutate: (s) => (schema(s, 'SubjectCreate').properties.external_ref = { type: 'string', maxLength: 64 }),
  },
  {
    name: 'an optional query parameter is added',
    breaking: false,
    rule: 'request-parameter-optional-added',
    mutate: (s) => addQuery(s, 'created_after'),
  },
  {
    name: 'a request enum gains a value',
    breaking: false,
    rule: 'request-enum-value-added',
    prepare: (s) => addQuery(s, 'order', { schema: { type: 'string', enum: ['asc', 'desc'] } }),
    mutate: (s) => list(s).parameters[3].schema.enum.push('relevance'),
  },
  {
    name: 'a request const becomes an enum with another value',
    breaking: false,
    rule: 'request-enum-value-added',
    mutate: (s) =>
      (schema(s, 'AssessmentSubmission').properties.status = {
        type: 'string',
        enum: ['completed', 'abandoned'],
      }),
  },
  {
    name: 'a request enum constraint is dropped',
    breaking: false,
    rule: 'request-enum-removed',
    prepare: (s) => addQuery(s, 'order', { schema: { type: 'string', enum: ['asc', 'desc'] } }),
    mutate: (s) => delete list(s).parameters[3].schema.enum,
  },
  {
    name: 'a query parameter maximum is raised',
    breaking: false,
    rule: 'request-limit-loosened',
    mutate: (s) => (param(s, 'Limit').schema.maximum = 500),
  },
  {
    name: 'a query parameter minimum is lowered',
    breaking: false,
    rule: 'request-limit-loosened',
    mutate: (s) => (param(s, 'Limit').schema.minimum = 0),
  },
  {
    name: 'a request maxLength is raised (also echoed in responses)',
    breaking: false,
    rule: 'request-limit-loosened',
    mutate: (s) => (schema(s, 'ConsentArtifact').properties.consent_text_version.maxLength = 128),
  },
  {
    name: 'a request header pattern is removed',
    breaking: false,
    rule: 'request-pattern-removed',
    mutate: (s) => delete param(s, 'IdempotencyKey').schema.pattern,
  },
  {
    name: 'a request property becomes optional',
    breaking: false,
    rule: 'request-property-became-optional',
    mutate: (s) => (schema(s, 'SubjectCreate').required = []),
  },
  {
    name: 'a property of a schema both sides use becomes optional (responses break)',
    breaking: true,
    rule: 'response-property-became-optional',
    mutate: (s) => (schema(s, 'Answer').required = ['item_id']),
  },
  {
    name: 'a request property may now be null',
    breaking: false,
    rule: 'request-nullable-added',
    mutate: (s) =>
      (schema(s, 'SubjectCreate').properties.metadata = {
        anyOf: [{ $ref: '#/components/schemas/Metadata' }, { type: 'null' }],
      }),
  },
  {
    name: 'a query parameter type widens from integer to number',
    breaking: false,
    rule: 'request-type-widened',
    mutate: (s) => (param(s, 'Limit').schema.type = 'number'),
  },
  {
    name: 'a request anyOf gains an alternative',
    breaking: false,
    rule: 'request-variant-added',
    prepare: (s) => addQuery(s, 'filter', { schema: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }),
    mutate: (s) => list(s).parameters[3].schema.anyOf.push({ type: 'boolean' }),
  },
  {
    name: 'a required query parameter becomes optional',
    breaking: false,
    rule: 'request-parameter-became-optional',
    prepare: (s) => addQuery(s, 'created_after', { required: true }),
    mutate: (s) => (list(s).parameters[3].required = false),
  },
  {
    name: 'the request body becomes optional',
    breaking: false,
    rule: 'request-body-became-optional',
    mutate: (s) => (patch(s).requestBody.required = false),
  },
  {
    name: 'a request media type is added',
    breaking: false,
    rule: 'request-media-type-added',
    mutate: (s) =>
      (create(s).requestBody.content['application/merge-patch+json'] = {
        schema: { $ref: '#/components/schemas/SubjectCreate' },
      }),
  },
  {
    name: 'a request map accepts more keys',
    breaking: false,
    rule: 'request-limit-loosened',
    mutate: (s) => (schema(s, 'Metadata').maxProperties = 50),
  },
  {
    name: 'a path parameter is renamed ({assessment_id} → {id})',
    breaking: false,
    rule: 'request-parameter-renamed',
    mutate: (s) => {
      const item = s.paths[ASSESSMENT];
      item.parameters = [{ ...param(s, 'AssessmentId'), name: 'id' }];
      s.paths['/v1/nature/assessments/{id}'] = item;
      delete s.paths[ASSESSMENT];
    },
  },
];
