/**
 * Compatible changes on the way out and around: error statuses, security, responses, documentation,
 * webhooks, and changes only an SDK method name or a tolerant reader sees.
 */
import {
  type Case,
  SUBJECT,
  schema,
  list,
  create,
  getAssessment,
  param,
  completed,
  oauth,
} from './spec-edits.js';

export const compatibleResponseCases: Case[] = [
  {
    name: 'an error response status is added',
    breaking: false,
    rule: 'response-status-added',
    mutate: (s) => (create(s).responses['413'] = { $ref: '#/components/responses/BadRequest' }),
  },
  {
    name: 'an error response status is no longer documented',
    breaking: false,
    rule: 'response-error-status-removed',
    mutate: (s) => delete list(s).responses['429'],
  },
  {
    name: 'an alternative security requirement is added',
    breaking: false,
    rule: 'security-alternative-added',
    prepare: oauth,
    mutate: (s) => list(s).security.push({ oauth: ['nature:read'] }),
  },
  {
    name: 'an operation needs fewer scopes',
    breaking: false,
    rule: 'security-requirement-loosened',
    prepare: (s) => list(s).security[0].apiKey.push('nature:admin'),
    mutate: (s) => list(s).security[0].apiKey.pop(),
  },
  {
    name: 'an unused security scheme is added',
    breaking: false,
    rule: 'security-scheme-added',
    mutate: oauth,
  },
  {
    name: 'publishable keys may now call an operation',
    breaking: false,
    rule: 'key-type-added',
    mutate: (s) => list(s)['x-key-types'].push('pk'),
  },
  {
    name: 'a server URL is added',
    breaking: false,
    rule: 'server-added',
    mutate: (s) => s.servers.push({ url: 'https://eu.api.assessment.example', description: 'EU region' }),
  },
  {
    name: 'an optional response property is added',
    breaking: false,
    rule: 'response-property-optional-added',
    mutate: (s) => (schema(s, 'Subject').properties.updated_at = { $ref: '#/components/schemas/Timestamp' }),
  },
  {
    name: 'a required response property is added',
    breaking: false,
    rule: 'response-property-required-added',
    mutate: (s) => {
      schema(s, 'Subject').properties.region = { type: 'string' };
      schema(s, 'Subject').required.push('region');
    },
  },
  {
    name: 'an optional response property becomes required',
    breaking: false,
    rule: 'response-property-became-required',
    prepare: (s) =>
      (schema(s, 'Subject').required = schema(s, 'Subject').required.filter(
        (name: string) => name !== 'metadata',
      )),
    mutate: (s) => schema(s, 'Subject').required.push('metadata'),
  },
  {
    name: 'a response enum loses a value',
    breaking: false,
    rule: 'response-enum-value-removed',
    mutate: (s) => schema(s, 'Error').properties.code.enum.pop(),
  },
  {
    name: 'a response maxLength is lowered',
    breaking: false,
    rule: 'response-limit-tightened',
    mutate: (s) => (schema(s, 'Error').properties.message.maxLength = 500),
  },
  {
    name: 'a response maxLength is raised',
    breaking: false,
    rule: 'response-limit-loosened',
    mutate: (s) => (schema(s, 'Error').properties.message.maxLength = 5000),
  },
  {
    name: 'a response property stops being nullable',
    breaking: false,
    rule: 'response-nullable-removed',
    mutate: (s) => (schema(s, 'Error').properties.param = { type: 'string', maxLength: 200 }),
  },
  {
    name: 'a response property that was a string or null is now always null',
    breaking: false,
    rule: 'response-type-narrowed',
    prepare: (s) => (schema(s, 'Subject').properties.nickname = { type: ['string', 'null'], maxLength: 64 }),
    mutate: (s) => (schema(s, 'Subject').properties.nickname.type = ['null']),
  },
  {
    name: 'a response type narrows from number to integer',
    breaking: false,
    rule: 'response-type-narrowed',
    mutate: (s) => (schema(s, 'Scores').properties.mn.type = 'integer'),
  },
  {
    name: 'a response header is added',
    breaking: false,
    rule: 'response-header-added',
    mutate: (s) => (list(s).responses['200'].headers['X-Spec-Digest'] = { schema: { type: 'string' } }),
  },
  {
    name: 'a response media type is added beside JSON',
    breaking: false,
    rule: 'response-media-type-added',
    mutate: (s) =>
      (getAssessment(s).responses['200'].content['application/xml'] = {
        schema: { $ref: '#/components/schemas/Assessment' },
      }),
  },
  {
    name: 'a link is added to a response',
    breaking: false,
    rule: 'response-link-changed',
    mutate: (s) =>
      (create(s).responses['201'].links = {
        retrieve: { operationId: 'retrieveSubject', parameters: { subject_id: '$response.body#/id' } },
      }),
  },
  {
    name: 'an operation is deprecated',
    breaking: false,
    rule: 'operation-deprecated',
    mutate: (s) => (s.paths[SUBJECT].delete.deprecated = true),
  },
  {
    name: 'an operationId changes (SDK method name only)',
    breaking: false,
    rule: 'operation-id-changed',
    mutate: (s) => (list(s).operationId = 'listAllSubjects'),
  },
  {
    name: 'an operationId is removed (SDK method name only)',
    breaking: false,
    rule: 'operation-id-changed',
    mutate: (s) => delete list(s).operationId,
  },
  {
    name: 'descriptions and summaries change',
    breaking: false,
    rule: 'docs-changed',
    mutate: (s) => {
      list(s).description = 'Lists subjects.';
      schema(s, 'Subject').properties.metadata.description = 'Your data.';
    },
  },
  {
    name: 'an example is added',
    breaking: false,
    rule: 'docs-changed',
    mutate: (s) => (schema(s, 'Subject').properties.livemode.example = true),
  },
  {
    name: 'a vendor extension changes',
    breaking: false,
    rule: 'extension-changed',
    mutate: (s) => (param(s, 'Limit')['x-error-code'] = 'limit_invalid'),
  },
  {
    name: 'an unused schema is added',
    breaking: false,
    rule: 'component-unused-changed',
    mutate: (s) => (s.components.schemas.Region = { type: 'string', enum: ['eu', 'us'] }),
  },
  {
    name: 'a webhook is added',
    breaking: false,
    rule: 'webhook-added',
    mutate: (s) => (s.webhooks['subject.created'] = structuredClone(s.webhooks['subject.deleted'])),
  },
  {
    name: 'a webhook header is added',
    breaking: false,
    rule: 'webhook-header-added',
    mutate: (s) =>
      completed(s).parameters.push({
        name: 'webhook-attempt',
        in: 'header',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      }),
  },
  {
    name: 'a webhook payload gains an optional property',
    breaking: false,
    rule: 'webhook-payload-property-optional-added',
    mutate: (s) => (schema(s, 'EventBase').properties.api_version = { type: 'string' }),
  },
  {
    name: 'a webhook payload enum loses a value',
    breaking: false,
    rule: 'webhook-payload-enum-value-removed',
    prepare: (s) =>
      (schema(s, 'EventBase').properties.source = { type: 'string', enum: ['api', 'dashboard'] }),
    mutate: (s) => schema(s, 'EventBase').properties.source.enum.pop(),
  },
  {
    name: 'a response property is deprecated beside its $ref',
    breaking: false,
    rule: 'response-deprecated',
    mutate: (s) =>
      (schema(s, 'Subject').properties.metadata = {
        $ref: '#/components/schemas/Metadata',
        deprecated: true,
      }),
  },
  {
    name: 'a response property is marked readOnly',
    breaking: false,
    rule: 'response-annotation-changed',
    mutate: (s) => (schema(s, 'Assessment').properties.scores.readOnly = true),
  },
  {
    name: 'a discriminator is declared on a response schema',
    breaking: false,
    rule: 'response-discriminator-added',
    mutate: (s) => (schema(s, 'Error').discriminator = { propertyName: 'object' }),
  },
  {
    name: 'a request integer format widens from int32 to int64',
    breaking: false,
    rule: 'request-format-widened',
    mutate: (s) => (param(s, 'Limit').schema.format = 'int64'),
  },
  {
    name: 'a response integer format widens from int32 to int64',
    breaking: true,
    rule: 'response-format-widened',
    mutate: (s) => (s.components.headers['X-RateLimit-Limit'].schema.format = 'int64'),
  },
  {
    name: 'a request pattern admits fewer characters',
    breaking: true,
    rule: 'request-pattern-changed',
    mutate: (s) => (schema(s, 'Answer').properties.item_id.pattern = '^[a-z_]+$'),
  },
  {
    name: 'a response ID pattern changes prefix',
    breaking: true,
    rule: 'response-pattern-replaced',
    mutate: (s) => (schema(s, 'RequestId').pattern = '^request_[A-Za-z0-9]+$'),
  },
  {
    name: 'a response pattern changes',
    breaking: false,
    rule: 'response-pattern-changed',
    mutate: (s) => (schema(s, 'Error').properties.message.pattern = '^.*$'),
  },
  {
    name: 'a 429 response loses its Retry-After header',
    breaking: true,
    rule: 'response-header-removed',
    mutate: (s) => delete s.components.responses.RateLimited.headers['Retry-After'],
  },
  {
    name: 'a default response is documented',
    breaking: false,
    rule: 'response-status-added',
    mutate: (s) => (list(s).responses.default = { $ref: '#/components/responses/BadRequest' }),
  },
  {
    name: 'root security changes while every operation overrides it',
    breaking: false,
    rule: 'component-unused-changed',
    mutate: (s) => (s.security = [{ apiKey: ['nature:read'] }]),
  },
  {
    name: 'a request schema moves inline (same content)',
    breaking: false,
    rule: 'docs-changed',
    mutate: (s) => {
      create(s).requestBody.content['application/json'].schema = {
        ...structuredClone(schema(s, 'SubjectCreate')),
        description: 'Inline.',
      };
    },
  },
  {
    name: 'a new error code is added (Error.code says new codes may be added)',
    breaking: false,
    rule: 'response-extensible-enum-value-added',
    mutate: (s) => schema(s, 'Error').properties.code.enum.push('account_suspended'),
  },
  {
    name: 'a value is added to an enum marked x-extensible-enum',
    breaking: false,
    rule: 'response-extensible-enum-value-added',
    prepare: (s) => (schema(s, 'AssessmentStatus')['x-extensible-enum'] = true),
    mutate: (s) => schema(s, 'AssessmentStatus').enum.push('cancelled'),
  },
  {
    name: 'a webhook reply status is documented',
    breaking: false,
    rule: 'webhook-reply-status-added',
    mutate: (s) => (completed(s).responses['204'] = { description: 'Also acknowledges.' }),
  },
];
