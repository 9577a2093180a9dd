/**
 * Fixture pairs for check:breaking: base = `fixtures/base.yaml` (optionally `prepare`d, on both
 * sides), head = base with one change (`mutate`). `breaking` is the expert's verdict, written from
 * the meaning of the change: does a client (or webhook receiver) that works today stop working?
 * `rule` is the rule id the gate must print for it.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compareDocuments } from '../../../generators/breaking/compare.js';
import { evaluate } from '../../../generators/breaking/gate.js';

export interface Case {
  name: string;
  breaking: boolean;
  rule: string;
  prepare?: (spec: any) => void;
  mutate: (spec: any) => void;
}

const BASE = parse(readFileSync(new URL('../../fixtures/breaking/base.yaml', import.meta.url), 'utf8'));
export const baseSpec = (): any => structuredClone(BASE);

const SUBJECTS = '/v1/nature/subjects';
const SUBJECT = '/v1/nature/subjects/{subject_id}';
const ASSESSMENT = '/v1/nature/assessments/{assessment_id}';
const schema = (s: any, name: string) => s.components.schemas[name];
const list = (s: any) => s.paths[SUBJECTS].get;
const create = (s: any) => s.paths[SUBJECTS].post;
const getAssessment = (s: any) => s.paths[ASSESSMENT].get;
const patch = (s: any) => s.paths[ASSESSMENT].patch;
const param = (s: any, name: string) => s.components.parameters[name];
const completed = (s: any) => s.webhooks['assessment.completed'].post;
const oauth = (s: any) => {
  s.components.securitySchemes.oauth = {
    type: 'oauth2',
    flows: {
      clientCredentials: {
        tokenUrl: 'https://auth.assessment.example/token',
        scopes: { 'nature:read': 'Read' },
      },
    },
  };
};
const addQuery = (s: any, name: string, extra: Record<string, unknown> = {}) =>
  list(s).parameters.push({ name, in: 'query', schema: { type: 'string', maxLength: 64 }, ...extra });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** Answer.item_id (read in requests, responses and webhooks) through an allOf and two $refs: item_id → ItemId → Slug. */
export const sharedSlug = (s: any) => {
  s.components.schemas.Slug = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' };
  s.components.schemas.ItemId = ref('Slug');
  schema(s, 'Answer').properties.item_id = { allOf: [ref('ItemId')], description: 'The item answered.' };
};
/** Scores.mn (responses and webhooks only) through an allOf and two $refs: mn → Percent → Score. */
const sharedScore = (s: any) => {
  s.components.schemas.Score = { type: 'number', minimum: 0, maximum: 100 };
  s.components.schemas.Percent = ref('Score');
  schema(s, 'Scores').properties.mn = { allOf: [ref('Percent')], description: 'The MN score.' };
};
/** Assessment.status (responses and webhooks only) through an allOf and two $refs: status → Status → AssessmentStatus. */
const sharedStatus = (s: any) => {
  s.components.schemas.Status = ref('AssessmentStatus');
  schema(s, 'Assessment').properties.status = {
    allOf: [ref('Status')],
    description: 'Where the assessment stands.',
  };
};
/** EventBase.id (webhook payloads only) through an allOf and two $refs: id → EventId → PrefixedId. */
const sharedEventId = (s: any) => {
  s.components.schemas.PrefixedId = { type: 'string', maxLength: 64, pattern: '^evt_[A-Za-z0-9]+$' };
  s.components.schemas.EventId = ref('PrefixedId');
  schema(s, 'EventBase').properties.id = { allOf: [ref('EventId')] };
};
/** Metadata's values (requests, responses, webhooks) through two $refs: additionalProperties → MetadataValue → ShortText. */
const sharedMapValue = (s: any) => {
  s.components.schemas.ShortText = { type: 'string', maxLength: 500, pattern: '^[^\\x00-\\x1F]*$' };
  s.components.schemas.MetadataValue = ref('ShortText');
  schema(s, 'Metadata').additionalProperties = ref('MetadataValue');
};

export const CASES: Case[] = [
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

export function pair(entry: Case): { base: any; head: any } {
  const base = baseSpec();
  entry.prepare?.(base);
  const head = structuredClone(base);
  entry.mutate(head);
  return { base, head };
}

/** Our verdict under the default gate (--fail-on clients). */
export function verdictOf(base: any, head: any) {
  const findings = compareDocuments(base, head);
  const result = evaluate(findings, {
    failOn: 'clients',
    off: [],
    baseVersion: base.info.version,
    headVersion: head.info.version,
  });
  return { findings, result, breaking: result.failing.length > 0 };
}
