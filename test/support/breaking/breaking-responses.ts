/**
 * Breaking changes on the way out and around: security, responses, webhooks, and a schema shared
 * through several levels of $ref judged at every place it reaches.
 */
import {
  type Case,
  schema,
  list,
  create,
  getAssessment,
  param,
  completed,
  oauth,
  sharedSlug,
  sharedStatus,
  sharedEventId,
  sharedMapValue,
} from './spec-edits.js';

export const breakingResponseCases: Case[] = [
  // ---- breaking: a property added where none other was allowed --------------------------------
  {
    // Answer (in assessments' responses) says additionalProperties: false: the generated zod
    // schema is strict, so a client validating responses refuses the new property.
    name: 'an optional property is added to a response object that allowed no others',
    breaking: true,
    rule: 'response-property-optional-added-to-closed',
    mutate: (s) => (schema(s, 'Answer').properties.note = { type: 'string' }),
  },
  // ---- breaking: security --------------------------------------------------------------------
  {
    name: 'an operation needs a new scope',
    breaking: true,
    rule: 'security-scope-added',
    mutate: (s) => list(s).security[0].apiKey.push('nature:admin'),
  },
  {
    name: 'a public operation starts requiring a key',
    breaking: true,
    rule: 'security-requirement-tightened',
    prepare: (s) => (getAssessment(s).security = []),
    mutate: (s) => (getAssessment(s).security = [{ apiKey: ['nature:read'] }]),
  },
  {
    name: 'an alternative security requirement is removed',
    breaking: true,
    rule: 'security-requirement-tightened',
    prepare: (s) => {
      oauth(s);
      list(s).security.push({ oauth: ['nature:read'] });
    },
    mutate: (s) => list(s).security.pop(),
  },
  {
    name: 'a second scheme becomes required together with the key',
    breaking: true,
    rule: 'security-requirement-tightened',
    prepare: oauth,
    mutate: (s) => (list(s).security[0].oauth = ['nature:read']),
  },
  {
    name: 'the security scheme changes from bearer to an API-key header',
    breaking: true,
    rule: 'security-scheme-changed',
    mutate: (s) =>
      (s.components.securitySchemes.apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
  },
  {
    name: 'the OAuth token URL changes',
    breaking: true,
    rule: 'security-scheme-changed',
    prepare: (s) => {
      oauth(s);
      list(s).security.push({ oauth: ['nature:read'] });
    },
    mutate: (s) =>
      (s.components.securitySchemes.oauth.flows.clientCredentials.tokenUrl =
        'https://auth2.assessment.example/token'),
  },
  {
    name: 'publishable keys may no longer call an operation',
    breaking: true,
    rule: 'key-type-removed',
    mutate: (s) => (create(s)['x-key-types'] = ['sk']),
  },
  {
    name: 'a server URL is removed',
    breaking: true,
    rule: 'server-removed',
    mutate: (s) => s.servers.splice(1, 1),
  },
  // ---- breaking: responses ----------------------------------------------------------------------
  {
    name: 'a response property is removed',
    breaking: true,
    rule: 'response-property-removed',
    mutate: (s) => delete schema(s, 'Subject').properties.created_at,
  },
  {
    name: 'a required response property becomes optional',
    breaking: true,
    rule: 'response-property-became-optional',
    mutate: (s) =>
      (schema(s, 'Assessment').required = schema(s, 'Assessment').required.filter(
        (name: string) => name !== 'completed_at',
      )),
  },
  {
    name: 'a response property may become null (type array)',
    breaking: true,
    rule: 'response-nullable-added',
    mutate: (s) => (schema(s, 'Subject').properties.livemode.type = ['boolean', 'null']),
  },
  {
    name: 'a response property may become null (3.0 nullable)',
    breaking: true,
    rule: 'response-nullable-added',
    mutate: (s) => (schema(s, 'Scores').properties.mn.nullable = true),
  },
  {
    name: 'a response enum gains a value',
    breaking: true,
    rule: 'response-enum-value-added',
    mutate: (s) => schema(s, 'AssessmentStatus').enum.push('cancelled'),
  },
  {
    name: 'a response enum constraint is dropped',
    breaking: true,
    rule: 'response-enum-removed',
    mutate: (s) => delete schema(s, 'AssessmentStatus').enum,
  },
  {
    name: 'a response property type widens',
    breaking: true,
    rule: 'response-type-widened',
    mutate: (s) => (schema(s, 'Scores').properties.mn.type = ['number', 'string']),
  },
  {
    name: 'a response integer becomes a number',
    breaking: true,
    rule: 'response-type-widened',
    mutate: (s) => (s.components.headers['X-RateLimit-Limit'].schema.type = 'number'),
  },
  {
    name: 'a response const changes',
    breaking: true,
    rule: 'response-const-changed',
    mutate: (s) => (schema(s, 'Subject').properties.object.const = 'person'),
  },
  {
    name: 'a response format changes',
    breaking: true,
    rule: 'response-format-changed',
    mutate: (s) => (schema(s, 'Timestamp').format = 'date'),
  },
  {
    name: 'a response anyOf gains an alternative',
    breaking: true,
    rule: 'response-variant-added',
    mutate: (s) => schema(s, 'Subject').properties.latest_scores.anyOf.push({ type: 'string' }),
  },
  {
    name: 'a response map value type widens',
    breaking: true,
    rule: 'response-type-widened',
    mutate: (s) => (schema(s, 'Metadata').additionalProperties.type = ['string', 'number']),
  },
  {
    name: 'a response property becomes writeOnly',
    breaking: true,
    rule: 'response-property-became-write-only',
    mutate: (s) =>
      (schema(s, 'Subject').properties.metadata = { $ref: '#/components/schemas/Metadata', writeOnly: true }),
  },
  {
    name: 'a response allOf part drops a required property',
    breaking: true,
    rule: 'response-property-became-optional',
    mutate: (s) => delete schema(s, 'DeletedSubject').allOf[1].required,
  },
  {
    name: 'a response array items schema changes type',
    breaking: true,
    rule: 'response-type-changed',
    mutate: (s) => (schema(s, 'Assessment').properties.answers.items = { type: 'string' }),
  },
  {
    name: 'the success status changes from 201 to 200',
    breaking: true,
    rule: 'response-status-removed',
    mutate: (s) => {
      create(s).responses['200'] = create(s).responses['201'];
      delete create(s).responses['201'];
    },
  },
  {
    name: 'a second success status is added',
    breaking: true,
    rule: 'response-success-status-added',
    mutate: (s) => (create(s).responses['202'] = { description: 'Accepted for later processing.' }),
  },
  {
    name: 'a response header is removed',
    breaking: true,
    rule: 'response-header-removed',
    mutate: (s) => delete list(s).responses['200'].headers['X-Request-Id'],
  },
  {
    name: 'a response header becomes optional',
    breaking: true,
    rule: 'response-header-became-optional',
    mutate: (s) => (s.components.headers['X-RateLimit-Limit'].required = false),
  },
  {
    name: 'a response header type changes',
    breaking: true,
    rule: 'response-type-changed',
    mutate: (s) => (s.components.headers['X-RateLimit-Remaining'].schema = { type: 'string' }),
  },
  {
    name: 'the response media type changes',
    breaking: true,
    rule: 'response-media-type-removed',
    mutate: (s) => {
      const content = getAssessment(s).responses['200'].content;
      content['application/vnd.assessment+json'] = content['application/json'];
      delete content['application/json'];
    },
  },
  {
    name: 'a response body is removed',
    breaking: true,
    rule: 'response-body-removed',
    mutate: (s) => delete getAssessment(s).responses['200'].content,
  },
  // ---- breaking: webhooks (our server writes, the receiver reads) ---------------------------------
  {
    name: 'a webhook payload property is removed',
    breaking: true,
    rule: 'webhook-payload-property-removed',
    mutate: (s) => delete schema(s, 'EventBase').properties.livemode,
  },
  {
    name: 'a webhook payload property becomes optional',
    breaking: true,
    rule: 'webhook-payload-property-became-optional',
    mutate: (s) =>
      (schema(s, 'EventBase').required = schema(s, 'EventBase').required.filter(
        (name: string) => name !== 'created_at',
      )),
  },
  {
    name: 'a webhook payload enum gains a value',
    breaking: true,
    rule: 'webhook-payload-enum-value-added',
    mutate: (s) => schema(s, 'AssessmentStatus').enum.push('expired'),
  },
  {
    name: 'a webhook payload property may become null',
    breaking: true,
    rule: 'webhook-payload-nullable-added',
    mutate: (s) => (schema(s, 'EventBase').properties.id.type = ['string', 'null']),
  },
  {
    name: 'a webhook signature header is no longer sent',
    breaking: true,
    rule: 'webhook-header-removed',
    mutate: (s) => completed(s).parameters.pop(),
  },
  {
    name: 'a webhook is no longer sent',
    breaking: true,
    rule: 'webhook-removed',
    mutate: (s) => delete s.webhooks['subject.deleted'],
  },
  {
    name: 'a webhook signature header pattern describes another format',
    breaking: true,
    rule: 'webhook-payload-pattern-replaced',
    mutate: (s) => (param(s, 'WebhookSignature').schema.pattern = '^v2,[A-Za-z0-9+/]+=*$'),
  },
  // ---- a schema shared through several levels of $ref is judged at every place it reaches ------
  {
    name: 'a limit in a schema shared through allOf and two $refs is lowered (requests break)',
    breaking: true,
    rule: 'request-limit-tightened',
    prepare: sharedSlug,
    mutate: (s) => (schema(s, 'Slug').maxLength = 32),
  },
  {
    name: 'a map value schema shared through two $refs gets a lower maxLength',
    breaking: true,
    rule: 'request-limit-tightened',
    prepare: sharedMapValue,
    mutate: (s) => (schema(s, 'ShortText').maxLength = 100),
  },
  {
    name: 'a response-only enum shared through allOf and two $refs gains a value',
    breaking: true,
    rule: 'response-enum-value-added',
    prepare: sharedStatus,
    mutate: (s) => schema(s, 'AssessmentStatus').enum.push('cancelled'),
  },
  {
    name: 'a webhook-only schema shared through allOf and two $refs changes its ID format',
    breaking: true,
    rule: 'webhook-payload-pattern-replaced',
    prepare: sharedEventId,
    mutate: (s) => (schema(s, 'PrefixedId').pattern = '^event_[A-Za-z0-9]+$'),
  },
];
