/**
 * check:breaking's classifier on the fixture pairs of `cases.ts`: each pair must print its rule
 * and get the expert's verdict under the default gate (--fail-on clients), and nothing may be
 * left unclassified.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { compareDocuments } from '../../../../generators/breaking/compare.js';
import { classifyDocuments } from '../../../../generators/breaking/index.js';
import { allRuleIds, RULES, SCHEMA_KINDS, schemaRule } from '../../../../generators/breaking/rules.js';
import { baseSpec, CASES, pair, sharedSlug, verdictOf } from '../../../support/breaking/cases.js';

describe('breaking-change classification (fixture pairs)', () => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const { base, head } = pair(entry);
    expect(JSON.stringify(head), 'the mutation must change the document').not.toBe(JSON.stringify(base));
    const { findings, breaking } = verdictOf(base, head);
    const shown = findings
      .map((finding) => `${finding.rule} @ ${finding.pointer}: ${finding.where}: ${finding.detail}`)
      .join('\n');
    expect(
      findings.map((finding) => finding.rule),
      shown,
    ).toContain(entry.rule);
    expect(
      findings.filter((finding) => finding.rule === 'unclassified'),
      shown,
    ).toEqual([]);
    expect(breaking, `${entry.breaking ? 'breaking' : 'compatible'} expected\n${shown}`).toBe(entry.breaking);
  });

  it('has dozens of pairs, both verdicts, and only known rule ids', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(CASES.filter((entry) => entry.breaking).length).toBeGreaterThanOrEqual(25);
    expect(CASES.filter((entry) => !entry.breaking).length).toBeGreaterThanOrEqual(25);
    const known = new Set(allRuleIds());
    expect(CASES.map((entry) => entry.rule).filter((rule) => !known.has(rule))).toEqual([]);
  });

  it('says what a removed response property costs a client: it no longer gets it', () => {
    // Before: "Clients can now receive data they were not written for", the consequence of a wider type.
    expect(schemaRule('response', 'property-removed').consequence).toBe(
      'Clients that read it no longer get it (a property was removed).',
    );
  });

  it('names a documentation change by its operation, with the text it had and has', () => {
    // Before: "/paths/~1v1~1nature~1subjects/get/summary: /paths/~1v1~1nature~1subjects/get/summary changed".
    const base = baseSpec();
    const head = structuredClone(base);
    const list = head.paths['/v1/nature/subjects'].get;
    const summaryBefore = list.summary;
    list.summary = 'Every subject, newest first';
    head.info.contact = { name: 'API team' };
    delete head.webhooks['subject.deleted'].post.summary;
    const shown = verdictOf(base, head)
      .findings.filter((finding) => finding.rule === 'docs-changed')
      .map((finding) => `${finding.where}: ${finding.detail}`);
    expect(shown).toEqual(
      expect.arrayContaining([
        `GET /v1/nature/subjects summary: changed: ${JSON.stringify(summaryBefore)} → "Every subject, newest first"`,
        'info contact: changed',
      ]),
    );
    expect(
      shown.filter((line) => line.startsWith('webhook subject.deleted post summary: removed')),
    ).toHaveLength(1);
  });

  it('the documentation (docs/breaking-changes.md) documents every rule id', () => {
    const readme = readFileSync('docs/breaking-changes.md', 'utf8');
    const missing = [...Object.keys(RULES), ...Object.keys(SCHEMA_KINDS)].filter(
      (id) => !readme.includes(`\`${id}\``),
    );
    expect(missing).toEqual([]);
  });

  it('reads a scope added to the only requirement as a new scope, not as a new alternative', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.paths['/v1/nature/subjects'].get.security[0].apiKey.push('nature:admin');
    expect(verdictOf(base, head).findings.map((finding) => finding.rule)).toEqual(['security-scope-added']);
  });

  it('reports nothing only when the documents are equal', () => {
    expect(compareDocuments(baseSpec(), baseSpec())).toEqual([]);
  });

  it('lists a difference no rule understands as unclassified, and fails on it', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.components.schemas.Answer.if = { properties: { value: { const: 5 } } };
    head.components.schemas.Answer.then = { required: ['note'] };
    const { findings, breaking } = verdictOf(base, head);
    expect(findings.map((finding) => `${finding.rule} ${finding.pointer}`)).toEqual([
      'unclassified /components/schemas/Answer/if/properties/value/const',
      'unclassified /components/schemas/Answer/then/required',
    ]);
    expect(breaking).toBe(true);
  });

  it('reports a schema shared by many operations once per rule and place', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.components.schemas.Answer.properties.value.maximum = 7;
    const { findings } = verdictOf(base, head);
    expect(findings.filter((finding) => finding.rule === 'response-limit-loosened')).toHaveLength(1);
  });

  it('says whose change it is for a schema read by both sides', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.components.schemas.Answer.properties.value.maximum = 10;
    const rules = verdictOf(base, head)
      .findings.map((finding) => finding.rule)
      .sort();
    expect(rules).toEqual([
      'request-limit-loosened',
      'response-limit-loosened',
      'webhook-payload-limit-loosened',
    ]);
  });

  it('judges a change behind an allOf and two $refs in every direction it reaches, at the place it lives', () => {
    const base = baseSpec();
    sharedSlug(base);
    const raised = structuredClone(base);
    raised.components.schemas.Slug.maxLength = 128;
    const loosened = verdictOf(base, raised);
    expect(loosened.findings.map((finding) => `${finding.rule} ${finding.pointer}`).sort()).toEqual([
      'request-limit-loosened /components/schemas/Slug/maxLength',
      'response-limit-loosened /components/schemas/Slug/maxLength',
      'webhook-payload-limit-loosened /components/schemas/Slug/maxLength',
    ]);
    expect(loosened.breaking).toBe(false);
    const lowered = structuredClone(base);
    lowered.components.schemas.Slug.maxLength = 32;
    const tightened = verdictOf(base, lowered);
    expect(tightened.findings.map((finding) => finding.rule).sort()).toEqual([
      'request-limit-tightened',
      'response-limit-tightened',
      'webhook-payload-limit-tightened',
    ]);
    expect(tightened.result.failing.map((finding) => finding.rule)).toEqual(['request-limit-tightened']);
  });

  it('never fails clients for a request change that only widens what the server accepts', () => {
    const widening = CASES.filter((entry) =>
      /^request-(limit-loosened|pattern-widened|pattern-removed|format-widened|not-removed|enum-removed|enum-value-added|type-widened|nullable-added|constraint-restated)$/.test(
        entry.rule,
      ),
    );
    expect(widening.length).toBeGreaterThanOrEqual(15);
    for (const entry of widening) {
      const { base, head } = pair(entry);
      const failing = verdictOf(base, head).result.failing.filter((finding) =>
        finding.rule.startsWith('request-'),
      );
      expect(
        failing.map((finding) => finding.rule),
        entry.name,
      ).toEqual([]);
    }
  });

  it("reads OpenAPI 3.0's webhooks (root x-webhooks) as webhooks, as the generators do", () => {
    const base = baseSpec();
    base['x-webhooks'] = base.webhooks;
    delete base.webhooks;
    const removed = structuredClone(base);
    delete removed['x-webhooks']['subject.deleted'];
    expect(verdictOf(base, removed).findings.map(({ rule, where }) => ({ rule, where }))).toEqual([
      { rule: 'webhook-removed', where: 'webhook subject.deleted' },
    ]);
    // The same webhooks listed as 3.1 lists them: a rewrite, not a removal and an addition.
    const upgraded = structuredClone(base);
    upgraded.webhooks = upgraded['x-webhooks'];
    delete upgraded['x-webhooks'];
    expect(verdictOf(base, upgraded).findings.map((finding) => finding.rule)).not.toContain(
      'webhook-removed',
    );
  });

  it('says so when a document is rewritten without changing anything on the wire', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.components.schemas.SubjectList.allOf.push({ $ref: '#/components/schemas/ListEnvelope' });
    expect(verdictOf(base, head).findings.map((finding) => finding.rule)).toEqual(['equivalent-rewrite']);
  });

  it('classifies two documents as a library: findings with who they break and the bumps, nothing printed', () => {
    const base = baseSpec();
    const head = structuredClone(base);
    head.components.schemas.SubjectCreate.properties.purpose = { type: 'string' };
    head.components.schemas.SubjectCreate.required.push('purpose');
    head.components.schemas.Answer.description = 'One answer.';
    const log = vi.spyOn(console, 'log');
    const error = vi.spyOn(console, 'error');
    const write = vi.spyOn(process.stdout, 'write');
    try {
      const classification = classifyDocuments(base, head);
      expect(classification.advice).toBe('major');
      expect(
        classification.findings.map(({ rule, pointer, breaks, docsOnly }) => ({
          rule,
          pointer,
          breaks,
          docsOnly,
        })),
      ).toEqual([
        {
          rule: 'request-property-required-added',
          pointer: '/components/schemas/SubjectCreate/properties/purpose',
          breaks: ['clients'],
          docsOnly: false,
        },
        {
          rule: 'docs-changed',
          pointer: '/components/schemas/Answer/description',
          breaks: [],
          docsOnly: true,
        },
      ]);
      expect(classification.findings[0].consequence).toMatch(/can now be refused/);
      const off = classifyDocuments(base, head, {
        off: [{ rule: 'request-property-required-added', reason: 'accepted' }],
      });
      expect(off.ignored.map((finding) => finding.rule)).toEqual(['request-property-required-added']);
      expect(off.advice).toBe('patch');
      expect(log).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
      expect(write).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
