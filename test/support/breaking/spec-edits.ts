/**
 * The base spec of the check:breaking fixture pairs and the small edits the pairs make to it: where an
 * operation, schema or parameter sits, and the schemas shared through several levels of $ref.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface Case {
  name: string;
  breaking: boolean;
  rule: string;
  prepare?: (spec: any) => void;
  mutate: (spec: any) => void;
}

const BASE = parse(readFileSync(new URL('../../fixtures/breaking/base.yaml', import.meta.url), 'utf8'));
export const baseSpec = (): any => structuredClone(BASE);

export const SUBJECTS = '/v1/nature/subjects';
export const SUBJECT = '/v1/nature/subjects/{subject_id}';
export const ASSESSMENT = '/v1/nature/assessments/{assessment_id}';
export const schema = (s: any, name: string) => s.components.schemas[name];
export const list = (s: any) => s.paths[SUBJECTS].get;
export const create = (s: any) => s.paths[SUBJECTS].post;
export const getAssessment = (s: any) => s.paths[ASSESSMENT].get;
export const patch = (s: any) => s.paths[ASSESSMENT].patch;
export const param = (s: any, name: string) => s.components.parameters[name];
export const completed = (s: any) => s.webhooks['assessment.completed'].post;
export const oauth = (s: any) => {
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
export const addQuery = (s: any, name: string, extra: Record<string, unknown> = {}) =>
  list(s).parameters.push({ name, in: 'query', schema: { type: 'string', maxLength: 64 }, ...extra });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** Answer.item_id (read in requests, responses and webhooks) through an allOf and two $refs: item_id → ItemId → Slug. */
export const sharedSlug = (s: any) => {
  s.components.schemas.Slug = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' };
  s.components.schemas.ItemId = ref('Slug');
  schema(s, 'Answer').properties.item_id = { allOf: [ref('ItemId')], description: 'The item answered.' };
};
/** Scores.mn (responses and webhooks only) through an allOf and two $refs: mn → Percent → Score. */
export const sharedScore = (s: any) => {
  s.components.schemas.Score = { type: 'number', minimum: 0, maximum: 100 };
  s.components.schemas.Percent = ref('Score');
  schema(s, 'Scores').properties.mn = { allOf: [ref('Percent')], description: 'The MN score.' };
};
/** Assessment.status (responses and webhooks only) through an allOf and two $refs: status → Status → AssessmentStatus. */
export const sharedStatus = (s: any) => {
  s.components.schemas.Status = ref('AssessmentStatus');
  schema(s, 'Assessment').properties.status = {
    allOf: [ref('Status')],
    description: 'Where the assessment stands.',
  };
};
/** EventBase.id (webhook payloads only) through an allOf and two $refs: id → EventId → PrefixedId. */
export const sharedEventId = (s: any) => {
  s.components.schemas.PrefixedId = { type: 'string', maxLength: 64, pattern: '^evt_[A-Za-z0-9]+$' };
  s.components.schemas.EventId = ref('PrefixedId');
  schema(s, 'EventBase').properties.id = { allOf: [ref('EventId')] };
};
/** Metadata's values (requests, responses, webhooks) through two $refs: additionalProperties → MetadataValue → ShortText. */
export const sharedMapValue = (s: any) => {
  s.components.schemas.ShortText = { type: 'string', maxLength: 500, pattern: '^[^\\x00-\\x1F]*$' };
  s.components.schemas.MetadataValue = ref('ShortText');
  schema(s, 'Metadata').additionalProperties = ref('MetadataValue');
};
