/** Breaking changes on the way in: operations and paths, request parameters and request bodies. */
import {
  type Case,
  SUBJECT,
  ASSESSMENT,
  schema,
  list,
  create,
  getAssessment,
  patch,
  param,
  addQuery,
} from './spec-edits.js';

export const breakingRequestCases: Case[] = [
  // ---- breaking: operations and paths --------------------------------------------------------
  {
    name: 'an operation is removed',
    breaking: true,
    rule: 'operation-removed',
    mutate: (s) => delete s.paths[SUBJECT].delete,
  },
  {
    name: 'a whole path is removed',
    breaking: true,
    rule: 'operation-removed',
    mutate: (s) => delete s.paths[ASSESSMENT],
  },
  {
    name: 'an operation moves to another path (same operationId)',
    breaking: true,
    rule: 'operation-path-changed',
    mutate: (s) => {
      s.paths['/v1/nature/runs/{assessment_id}'] = s.paths[ASSESSMENT];
      delete s.paths[ASSESSMENT];
    },
  },
  {
    name: 'an operation changes method',
    breaking: true,
    rule: 'operation-path-changed',
    mutate: (s) => {
      s.paths[ASSESSMENT].post = patch(s);
      delete s.paths[ASSESSMENT].patch;
    },
  },
  // ---- breaking: request parameters ------------------------------------------------------------
  {
    name: 'a required query parameter is added',
    breaking: true,
    rule: 'request-parameter-required-added',
    mutate: (s) => addQuery(s, 'environment', { required: true }),
  },
  {
    name: 'a query parameter is removed',
    breaking: true,
    rule: 'request-parameter-removed',
    mutate: (s) => list(s).parameters.splice(2, 1),
  },
  {
    name: 'an optional query parameter becomes required',
    breaking: true,
    rule: 'request-parameter-became-required',
    mutate: (s) => (param(s, 'Limit').required = true),
  },
  {
    name: 'a query parameter moves into a header',
    breaking: true,
    rule: 'request-parameter-location-changed',
    mutate: (s) => (param(s, 'StartingAfter').in = 'header'),
  },
  {
    name: 'a query parameter maximum is lowered',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (param(s, 'Limit').schema.maximum = 50),
  },
  {
    name: 'a query parameter minimum is raised',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (param(s, 'Limit').schema.minimum = 10),
  },
  {
    name: 'a header parameter minLength is raised',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (param(s, 'IdempotencyKey').schema.minLength = 16),
  },
  {
    name: 'a path parameter maxLength is lowered',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'SubjectIdString').maxLength = 32),
  },
  {
    name: 'a query parameter default changes',
    breaking: true,
    rule: 'request-default-changed',
    mutate: (s) => (param(s, 'Limit').schema.default = 10),
  },
  {
    name: 'a query parameter type narrows from number to integer',
    breaking: true,
    rule: 'request-type-narrowed',
    prepare: (s) => addQuery(s, 'min_score', { schema: { type: 'number' } }),
    mutate: (s) => (list(s).parameters[3].schema.type = 'integer'),
  },
  {
    name: 'a query parameter serialisation changes (explode)',
    breaking: true,
    rule: 'request-parameter-serialization-changed',
    prepare: (s) => addQuery(s, 'ids', { schema: { type: 'array', items: { type: 'string' } } }),
    mutate: (s) => (list(s).parameters[3].explode = false),
  },
  {
    name: 'a query parameter enum loses a value',
    breaking: true,
    rule: 'request-enum-value-removed',
    prepare: (s) => addQuery(s, 'order', { schema: { type: 'string', enum: ['asc', 'desc'] } }),
    mutate: (s) => (list(s).parameters[3].schema.enum = ['desc']),
  },
  {
    name: 'a query parameter gains an enum',
    breaking: true,
    rule: 'request-enum-added',
    prepare: (s) => addQuery(s, 'order'),
    mutate: (s) => (list(s).parameters[3].schema.enum = ['asc', 'desc']),
  },
  // ---- breaking: request bodies ----------------------------------------------------------------
  {
    name: 'a required request property is added',
    breaking: true,
    rule: 'request-property-required-added',
    mutate: (s) => {
      schema(s, 'SubjectCreate').properties.purpose = { type: 'string' };
      schema(s, 'SubjectCreate').required.push('purpose');
    },
  },
  {
    name: 'an optional request property becomes required',
    breaking: true,
    rule: 'request-property-became-required',
    mutate: (s) => schema(s, 'SubjectCreate').required.push('metadata'),
  },
  {
    name: 'a request property is removed',
    breaking: true,
    rule: 'request-property-removed',
    mutate: (s) => delete schema(s, 'SubjectCreate').properties.metadata,
  },
  {
    name: 'a request property that took any value must now be an object',
    breaking: true,
    rule: 'request-type-narrowed',
    prepare: (s) =>
      (schema(s, 'SubjectCreate').properties.context = { description: 'Anything the caller wants kept.' }),
    mutate: (s) => (schema(s, 'SubjectCreate').properties.context.type = 'object'),
  },
  {
    name: 'a request property type changes',
    breaking: true,
    rule: 'request-type-changed',
    mutate: (s) => (schema(s, 'Answer').properties.value = { type: 'string', maxLength: 8 }),
  },
  {
    name: 'a request property maxLength is lowered',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'ConsentArtifact').properties.consent_text_version.maxLength = 32),
  },
  {
    name: 'a request number maximum is lowered',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'Answer').properties.value.maximum = 4),
  },
  {
    name: 'a request number gains an exclusiveMinimum',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'Answer').properties.value.exclusiveMinimum = 1),
  },
  {
    name: 'a request pattern describes another format',
    breaking: true,
    rule: 'request-pattern-replaced',
    mutate: (s) => (schema(s, 'ConsentArtifact').properties.consent_text_version.pattern = '^v[0-9]+$'),
  },
  {
    name: 'a request property gains a pattern',
    breaking: true,
    rule: 'request-pattern-added',
    prepare: (s) => delete schema(s, 'Answer').properties.item_id.pattern,
    mutate: (s) => (schema(s, 'Answer').properties.item_id.pattern = '^[a-z0-9_]+$'),
  },
  {
    name: 'a request format is added',
    breaking: true,
    rule: 'request-format-added',
    mutate: (s) => (schema(s, 'ConsentArtifact').properties.consent_text_version.format = 'uuid'),
  },
  {
    name: 'a request map gains a lower maxProperties',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'Metadata').maxProperties = 10),
  },
  {
    name: 'a request map closes to no keys',
    breaking: true,
    rule: 'request-additional-properties-closed',
    mutate: (s) => (schema(s, 'Metadata').additionalProperties = false),
  },
  {
    name: 'a request map value maxLength is lowered',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'Metadata').additionalProperties.maxLength = 100),
  },
  {
    name: 'request map keys get a stricter pattern',
    breaking: true,
    rule: 'request-pattern-changed',
    mutate: (s) => (schema(s, 'Metadata').propertyNames.pattern = '^[a-z]+$'),
  },
  {
    name: 'a request array gains a lower maxItems',
    breaking: true,
    rule: 'request-limit-tightened',
    mutate: (s) => (schema(s, 'AssessmentSubmission').properties.answers.maxItems = 50),
  },
  {
    name: 'request array items must become unique',
    breaking: true,
    rule: 'request-unique-items-added',
    mutate: (s) => (schema(s, 'AssessmentSubmission').properties.answers.uniqueItems = true),
  },
  {
    name: 'a request property stops accepting null',
    breaking: true,
    rule: 'request-nullable-removed',
    prepare: (s) =>
      (schema(s, 'SubjectCreate').properties.metadata = {
        anyOf: [{ $ref: '#/components/schemas/Metadata' }, { type: 'null' }],
      }),
    mutate: (s) =>
      (schema(s, 'SubjectCreate').properties.metadata = { $ref: '#/components/schemas/Metadata' }),
  },
  {
    name: 'a request type array drops null',
    breaking: true,
    rule: 'request-nullable-removed',
    prepare: (s) => (schema(s, 'Answer').properties.value.type = ['integer', 'null']),
    mutate: (s) => (schema(s, 'Answer').properties.value.type = 'integer'),
  },
  {
    name: 'a request oneOf loses an alternative',
    breaking: true,
    rule: 'request-variant-removed',
    prepare: (s) =>
      (schema(s, 'Answer').properties.value = {
        oneOf: [
          { type: 'integer', minimum: 1, maximum: 5 },
          { type: 'string', enum: ['skip'] },
        ],
      }),
    mutate: (s) => schema(s, 'Answer').properties.value.oneOf.pop(),
  },
  {
    name: 'a request anyOf becomes oneOf',
    breaking: true,
    rule: 'request-variants-exclusive',
    prepare: (s) =>
      (schema(s, 'Answer').properties.value = {
        anyOf: [
          { type: 'integer', minimum: 1, maximum: 5 },
          { type: 'number', minimum: 1, maximum: 5 },
        ],
      }),
    mutate: (s) => {
      const value = schema(s, 'Answer').properties.value;
      value.oneOf = value.anyOf;
      delete value.anyOf;
    },
  },
  {
    name: 'a request property becomes readOnly',
    breaking: true,
    rule: 'request-property-became-read-only',
    mutate: (s) =>
      (schema(s, 'SubjectCreate').properties.metadata = {
        $ref: '#/components/schemas/Metadata',
        readOnly: true,
      }),
  },
  {
    name: 'a request const changes',
    breaking: true,
    rule: 'request-const-changed',
    mutate: (s) => (schema(s, 'AssessmentSubmission').properties.status.const = 'submitted'),
  },
  {
    name: 'a request allOf part gains a required property',
    breaking: true,
    rule: 'request-property-required-added',
    prepare: (s) => (schema(s, 'SubjectCreate').allOf = [{ type: 'object', properties: {} }]),
    mutate: (s) =>
      (schema(s, 'SubjectCreate').allOf[0] = {
        type: 'object',
        required: ['purpose'],
        properties: { purpose: { type: 'string' } },
      }),
  },
  {
    name: 'the request body becomes required',
    breaking: true,
    rule: 'request-body-became-required',
    prepare: (s) => (patch(s).requestBody.required = false),
    mutate: (s) => (patch(s).requestBody.required = true),
  },
  {
    name: 'a request media type is removed',
    breaking: true,
    rule: 'request-media-type-removed',
    prepare: (s) =>
      (create(s).requestBody.content['application/merge-patch+json'] = {
        schema: { $ref: '#/components/schemas/SubjectCreate' },
      }),
    mutate: (s) => delete create(s).requestBody.content['application/merge-patch+json'],
  },
  {
    name: 'a required request body is added to a GET',
    breaking: true,
    rule: 'request-body-required-added',
    mutate: (s) =>
      (getAssessment(s).requestBody = {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } } },
      }),
  },
];
