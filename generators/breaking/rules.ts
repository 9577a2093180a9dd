/**
 * The rule catalogue of check:breaking: every finding names one of these ids, and the ids are
 * stable (README lists them; the config file switches them off by id).
 *
 * Who breaks follows from which way data flows. Each flow has a writer and a reader:
 *   request        client writes, our server reads (strictly: unknown fields are refused)
 *   response       our server writes, the client reads (tolerantly: unknown fields are ignored)
 *   webhook-payload our server writes, the client's receiver reads (tolerantly)
 *   webhook-reply  the receiver writes, our server reads (any 2xx acknowledges)
 * A change that narrows what is valid breaks the writer; one that widens it breaks the reader.
 * "clients" are existing API consumers and webhook receivers; "servers" are the service and its
 * generated stubs (a change there is work for the maintainers, never a reason for a major bump);
 * "sdks" are generated SDK signatures whose wire behaviour is unchanged.
 */

export type Party = 'clients' | 'servers' | 'sdks';
export type Flow = 'request' | 'response' | 'webhook-payload' | 'webhook-reply';

const FLOWS: Record<
  Flow,
  { writer: Party; reader: Party; tolerant: boolean; readerName: string; writerName: string }
> = {
  request: {
    writer: 'clients',
    reader: 'servers',
    tolerant: false,
    writerName: 'clients',
    readerName: 'the server',
  },
  response: {
    writer: 'servers',
    reader: 'clients',
    tolerant: true,
    writerName: 'the server',
    readerName: 'clients',
  },
  'webhook-payload': {
    writer: 'servers',
    reader: 'clients',
    tolerant: true,
    writerName: 'the server',
    readerName: 'webhook receivers',
  },
  'webhook-reply': {
    writer: 'clients',
    reader: 'servers',
    tolerant: true,
    writerName: 'webhook receivers',
    readerName: 'the server',
  },
};

/**
 * How a schema-level change moves the set of valid values. `relaxes` widens a limit (length,
 * range, pattern): it matters to a reader that validates, not to one that only parses.
 * `reshapes` (a changed pattern) narrows for the writer and relaxes for the reader.
 */
type Effect =
  | 'narrows'
  | 'widens'
  | 'relaxes'
  | 'reshapes'
  | 'both'
  | 'behaviour'
  | 'none'
  | 'sdk'
  | 'adds-optional'
  | 'removes';

/** Schema-level kinds; each becomes `<flow>-<kind>` (e.g. `request-property-required-added`). */
export const SCHEMA_KINDS: Record<string, { effect: Effect; what: string }> = {
  'property-removed': { effect: 'removes', what: 'a property was removed' },
  'property-required-added': { effect: 'narrows', what: 'a required property was added' },
  'property-optional-added': { effect: 'adds-optional', what: 'an optional property was added' },
  // An object that allowed no other properties promised its readers none: a reader that validates
  // (the generated zod schemas are strict there, and so the client's response validation) refuses
  // it. For the flows whose reader is tolerant; our server reads requests strictly in any case.
  'property-optional-added-to-closed': {
    effect: 'widens',
    what: 'an optional property was added to an object that allowed no others (additionalProperties: false)',
  },
  'property-required-added-to-closed': {
    effect: 'both',
    what: 'a required property was added to an object that allowed no others (additionalProperties: false)',
  },
  'property-became-required': { effect: 'narrows', what: 'a property became required' },
  'property-became-optional': { effect: 'widens', what: 'a property became optional' },
  'property-became-read-only': {
    effect: 'removes',
    what: 'a property became readOnly (no longer part of requests)',
  },
  'property-no-longer-read-only': { effect: 'adds-optional', what: 'a readOnly property may now be sent' },
  'property-became-write-only': {
    effect: 'removes',
    what: 'a property became writeOnly (no longer returned)',
  },
  'property-no-longer-write-only': { effect: 'adds-optional', what: 'a writeOnly property is now returned' },
  'type-narrowed': { effect: 'narrows', what: 'the type accepts fewer kinds of value' },
  'type-widened': { effect: 'widens', what: 'the type accepts more kinds of value' },
  'type-changed': { effect: 'both', what: 'the type changed' },
  'nullable-added': { effect: 'widens', what: 'the value may now be null' },
  'nullable-removed': { effect: 'narrows', what: 'the value may no longer be null' },
  'enum-value-added': { effect: 'widens', what: 'an enum value was added' },
  'enum-value-removed': { effect: 'narrows', what: 'an enum value was removed' },
  'extensible-enum-value-added': {
    effect: 'adds-optional',
    what: 'a value was added to an enum documented as open (`x-extensible-enum: true`, or its description says new values may be added)',
  },
  'enum-added': { effect: 'narrows', what: 'an enum now restricts the values' },
  'enum-removed': { effect: 'widens', what: 'the enum no longer restricts the values' },
  'const-added': { effect: 'narrows', what: 'a const now fixes the value' },
  'const-removed': { effect: 'widens', what: 'the const no longer fixes the value' },
  'const-changed': { effect: 'both', what: 'the const value changed' },
  'limit-tightened': { effect: 'narrows', what: 'a limit was tightened' },
  'limit-loosened': { effect: 'relaxes', what: 'a limit was loosened' },
  'pattern-added': { effect: 'narrows', what: 'a pattern was added' },
  'pattern-removed': { effect: 'relaxes', what: 'the pattern was removed' },
  'pattern-changed': {
    effect: 'reshapes',
    what: 'the pattern admits other lengths or characters, not provably only more',
  },
  'pattern-widened': {
    effect: 'relaxes',
    what: 'the pattern admits more values; every value it matched still matches',
  },
  'pattern-replaced': { effect: 'both', what: 'the pattern describes another format' },
  'format-added': { effect: 'narrows', what: 'a format was added' },
  'format-removed': { effect: 'widens', what: 'the format was removed' },
  'format-changed': { effect: 'both', what: 'the format changed' },
  'format-widened': {
    effect: 'widens',
    what: 'the format admits larger values (int32 → int64, float → double)',
  },
  'format-narrowed': {
    effect: 'narrows',
    what: 'the format admits fewer values (int64 → int32, double → float)',
  },
  'unique-items-added': { effect: 'narrows', what: 'items must now be unique' },
  'unique-items-removed': { effect: 'relaxes', what: 'items may now repeat' },
  'additional-properties-closed': { effect: 'narrows', what: 'unknown properties are no longer allowed' },
  'additional-properties-opened': { effect: 'adds-optional', what: 'unknown properties are now allowed' },
  'variant-added': { effect: 'widens', what: 'a oneOf/anyOf alternative was added' },
  'variant-removed': { effect: 'narrows', what: 'a oneOf/anyOf alternative was removed' },
  'variants-exclusive': {
    effect: 'narrows',
    what: 'anyOf became oneOf (alternatives must now be exclusive)',
  },
  'variants-inclusive': { effect: 'widens', what: 'oneOf became anyOf' },
  'discriminator-changed': { effect: 'both', what: 'the discriminator property or a mapping entry changed' },
  'discriminator-added': {
    effect: 'sdk',
    what: 'a discriminator was declared (valid values are unchanged; SDKs deserialise by it)',
  },
  'discriminator-removed': {
    effect: 'sdk',
    what: 'the discriminator was dropped (valid values are unchanged; SDKs deserialise by it)',
  },
  'annotation-changed': {
    effect: 'none',
    what: 'readOnly/writeOnly changed where this direction ignores it',
  },
  'not-changed': { effect: 'both', what: 'a `not` constraint changed' },
  'not-added': { effect: 'narrows', what: 'a `not` constraint now excludes values' },
  'not-removed': { effect: 'widens', what: 'the `not` constraint no longer excludes values' },
  'constraint-restated': {
    effect: 'none',
    what: 'a constraint was written another way with the same valid values: an enum reordered, `minimum: 1` → `exclusiveMinimum: 0` on an integer, a limit another allOf part already sets',
  },
  'content-encoding-changed': { effect: 'both', what: 'contentMediaType or contentEncoding changed' },
  'default-changed': { effect: 'behaviour', what: 'the default value changed' },
  'default-added': { effect: 'none', what: 'a default value was documented' },
  'default-removed': { effect: 'none', what: 'the default value is no longer documented' },
  deprecated: { effect: 'none', what: 'deprecation changed' },
};

interface RuleInfo {
  id: string;
  /** Who an existing deployment of breaks; empty when nobody does. */
  breaks: Party[];
  /** Nothing on the wire changes (documentation, examples). */
  docsOnly?: boolean;
  /** One sentence: what happens to an existing client. */
  consequence: string;
}

/** Whether the flow's reader ignores what it does not know (clients and receivers; not our server). */
export function readsTolerantly(flow: Flow): boolean {
  return FLOWS[flow].tolerant;
}

/** The schema rule for a flow: who breaks and what it means for a client. */
export function schemaRule(flow: Flow, kind: string): RuleInfo {
  const { effect } = SCHEMA_KINDS[kind];
  const roles = FLOWS[flow];
  const breaks = new Set<Party>();
  if (effect === 'narrows' || effect === 'both' || effect === 'reshapes') breaks.add(roles.writer);
  if (effect === 'widens' || effect === 'both') breaks.add(roles.reader);
  // A removed field breaks the reader that used it and a writer whose data is now refused or dropped.
  if (effect === 'removes') breaks.add(roles.reader).add(roles.writer);
  // An extra optional field, or a value past a documented limit, breaks only a strict reader
  // (our server validates every request); tolerant readers do not validate lengths and ranges.
  if ((effect === 'adds-optional' || effect === 'relaxes' || effect === 'reshapes') && !roles.tolerant)
    breaks.add(roles.reader);
  // A changed request default changes what the server does for every client that omits the value.
  if (effect === 'behaviour' && flow === 'request') breaks.add('clients').add('servers');
  if (effect === 'sdk') breaks.add('sdks');
  const id = `${flow}-${kind}`;
  const ordered = (['clients', 'servers', 'sdks'] as Party[]).filter((party) => breaks.has(party));
  return {
    id,
    breaks: ordered,
    docsOnly: effect === 'none' && kind !== 'deprecated',
    consequence: consequenceOf(flow, kind, ordered),
  };
}

function consequenceOf(flow: Flow, kind: string, breaks: Party[]): string {
  const roles = FLOWS[flow];
  const what = SCHEMA_KINDS[kind].what;
  if (!breaks.includes('clients')) {
    if (breaks.includes('sdks') && !breaks.includes('servers'))
      return `The wire is unchanged; generated SDKs change (${what}).`;
    if (breaks.includes('servers'))
      return `Existing clients keep working; ${roles.reader === 'servers' ? 'the server must accept it' : 'the server must send values that fit'} (${what}).`;
    return `Existing clients keep working (${what}).`;
  }
  const effect = SCHEMA_KINDS[kind].effect;
  if (effect === 'behaviour')
    return 'Clients that omit this value now get different behaviour from the server.';
  if (
    roles.writer === 'clients' &&
    (effect === 'narrows' || effect === 'both' || effect === 'removes' || effect === 'reshapes')
  )
    return `Requests that ${roles.writerName} send today can now be refused (${what}).`;
  // What was there is gone: a reader is not sent something new, it misses something old.
  if (effect === 'removes') return `${capitalise(roles.readerName)} that read it no longer get it (${what}).`;
  return `${capitalise(roles.readerName)} can now receive data they were not written for (${what}).`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Structural rules (operations, parameters, responses, security, servers, documents). */
export const RULES: Record<string, Omit<RuleInfo, 'id'>> = {
  'operation-removed': { breaks: ['clients'], consequence: 'Calls to this operation fail with 404 or 405.' },
  'operation-added': {
    breaks: [],
    consequence: 'Existing clients keep working; a new operation is available.',
  },
  'operation-path-changed': {
    breaks: ['clients'],
    consequence: 'Clients calling the old URL fail with 404.',
  },
  'operation-id-changed': {
    breaks: ['sdks'],
    consequence:
      "The wire is unchanged; generated SDK method names change, and the server stubs' handler is keyed by the new id (a handler under the old one is never called: its operation answers 501).",
  },
  'paging-changed': {
    breaks: ['sdks'],
    consequence:
      "The wire may be unchanged; the generated SDKs' list method returns pages instead of the plain body (or the reverse), or walks them by other parameters and fields.",
  },
  'operation-deprecated': {
    breaks: [],
    consequence: 'Existing clients keep working; the operation is marked for removal.',
  },
  'request-parameter-renamed': {
    breaks: ['sdks', 'servers'],
    consequence: 'The URL on the wire is unchanged; only SDKs that take the path parameter by name break.',
  },
  'request-parameter-removed': {
    breaks: ['clients'],
    consequence: 'Clients sending this parameter are refused or silently get different results.',
  },
  'request-parameter-required-added': {
    breaks: ['clients'],
    consequence: 'Requests without the new parameter are refused.',
  },
  'request-parameter-optional-added': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must accept the new parameter.',
  },
  'request-parameter-became-required': {
    breaks: ['clients'],
    consequence: 'Requests that omit this parameter are refused.',
  },
  'request-parameter-became-optional': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must handle the parameter being absent.',
  },
  'request-parameter-location-changed': {
    breaks: ['clients'],
    consequence: 'Clients send the parameter where the server no longer reads it.',
  },
  'request-parameter-serialization-changed': {
    breaks: ['clients'],
    consequence:
      'Clients serialise the parameter in a way the server no longer parses (style/explode changed).',
  },
  'request-parameter-deprecated': {
    breaks: [],
    consequence: 'Existing clients keep working; the parameter is marked for removal.',
  },
  'request-body-required-added': { breaks: ['clients'], consequence: 'Requests without a body are refused.' },
  'request-body-optional-added': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must accept an optional body.',
  },
  'request-body-removed': {
    breaks: ['clients'],
    consequence: 'Clients sending a body are refused or have it ignored.',
  },
  'request-body-became-required': {
    breaks: ['clients'],
    consequence: 'Requests without a body are refused.',
  },
  'request-body-became-optional': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must handle a missing body.',
  },
  'request-media-type-removed': {
    breaks: ['clients'],
    consequence: 'Clients sending this Content-Type get 415.',
  },
  'request-media-type-added': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must accept another Content-Type.',
  },
  'response-status-removed': {
    breaks: ['clients'],
    consequence: 'Clients expecting this success status get a different one.',
  },
  'response-error-status-removed': {
    breaks: [],
    consequence: 'Existing clients keep working; this error is no longer documented.',
  },
  'response-success-status-added': {
    breaks: ['clients'],
    consequence: 'Clients that expect the existing success status can get another one with another body.',
  },
  'response-status-added': {
    breaks: ['servers'],
    consequence:
      'Existing clients keep working (they already handle unexpected errors by status class); a new error response is documented.',
  },
  'response-media-type-removed': {
    breaks: ['clients'],
    consequence: 'Clients that parse this Content-Type get another one.',
  },
  'response-media-type-added': {
    breaks: [],
    consequence: 'Existing clients keep working; another Content-Type may be negotiated.',
  },
  'response-body-removed': { breaks: ['clients'], consequence: 'Clients reading the body get none.' },
  'response-body-added': {
    breaks: [],
    consequence: 'Existing clients keep working; a body is now returned.',
  },
  'response-header-removed': {
    breaks: ['clients'],
    consequence: 'Clients reading this response header no longer get it.',
  },
  'response-header-added': {
    breaks: [],
    consequence: 'Existing clients keep working; a new response header is documented.',
  },
  'response-header-became-optional': {
    breaks: ['clients'],
    consequence: 'Clients reading this response header may no longer get it.',
  },
  'response-header-became-required': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server must always send this header.',
  },
  'response-link-changed': {
    breaks: [],
    consequence: 'The wire is unchanged; the documented link between operations changed.',
  },
  'webhook-removed': { breaks: ['clients'], consequence: 'Receivers no longer get this event.' },
  'webhook-added': {
    breaks: [],
    consequence: 'Existing receivers keep working; a new event type may be subscribed to.',
  },
  'webhook-header-removed': {
    breaks: ['clients'],
    consequence: 'Receivers reading this header (for example to verify a signature) no longer get it.',
  },
  'webhook-header-added': {
    breaks: [],
    consequence: 'Existing receivers keep working; deliveries carry a new header.',
  },
  'webhook-header-became-optional': {
    breaks: ['clients'],
    consequence: 'Receivers reading this header may no longer get it.',
  },
  'webhook-header-became-required': {
    breaks: ['servers'],
    consequence: 'Existing receivers keep working; the server must always send this header.',
  },
  'webhook-reply-status-removed': {
    breaks: ['clients'],
    consequence: 'Receivers replying with this status are no longer documented as acknowledged.',
  },
  'webhook-reply-status-added': {
    breaks: ['servers'],
    consequence: 'Existing receivers keep working; another reply status is documented.',
  },
  'webhook-payload-removed': { breaks: ['clients'], consequence: 'Receivers reading the payload get none.' },
  'webhook-payload-media-type-changed': {
    breaks: ['clients'],
    consequence: 'Receivers parse a Content-Type they no longer get.',
  },
  'security-requirement-tightened': {
    breaks: ['clients'],
    consequence: 'Clients whose credentials satisfied the old requirement get 401 or 403.',
  },
  'security-scope-added': { breaks: ['clients'], consequence: 'Keys without the new scope get 403.' },
  'security-alternative-added': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; another way to authenticate is accepted.',
  },
  'security-requirement-loosened': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; the server accepts weaker credentials.',
  },
  'security-scheme-changed': {
    breaks: ['clients'],
    consequence: 'Clients send credentials the way the server no longer reads them.',
  },
  'security-scheme-added': {
    breaks: [],
    consequence: 'Existing clients keep working; a new scheme is defined.',
  },
  'security-scheme-removed': {
    breaks: [],
    consequence:
      'Existing clients keep working; no operation used the scheme any more (requirements are checked separately).',
  },
  'key-type-removed': { breaks: ['clients'], consequence: 'Clients using this key type get 403.' },
  'key-type-added': {
    breaks: ['servers'],
    consequence: 'Existing clients keep working; another key type is accepted.',
  },
  'server-removed': {
    breaks: ['clients'],
    consequence: 'Clients configured with this base URL stop reaching the API.',
  },
  'server-added': {
    breaks: [],
    consequence: 'Existing clients keep working; another base URL is available.',
  },
  'extension-changed': {
    breaks: [],
    consequence:
      'The wire is unchanged; a vendor extension (x-*) changed, which may change generated SDK behaviour.',
  },
  'component-unused-changed': {
    breaks: [],
    consequence: 'Nothing in any operation or webhook uses this component, so no client sees it.',
  },
  'equivalent-rewrite': {
    breaks: [],
    docsOnly: true,
    consequence:
      'Nothing on the wire changes: the document was rewritten in an equivalent way (a $ref retargeted to an equal definition, a definition inlined, an allOf part repeated).',
  },
  'docs-changed': {
    breaks: [],
    docsOnly: true,
    consequence: 'Nothing on the wire changes (descriptions, summaries, examples, tags).',
  },
  unclassified: {
    breaks: ['clients'],
    consequence:
      'The gate cannot tell what this does to clients: review it, then bump the major version or switch the rule off with a reason.',
  },
};

/** Every rule id the gate can print, for README and for validating the config file. */
export function allRuleIds(): string[] {
  const flows = Object.keys(FLOWS) as Flow[];
  return [
    ...Object.keys(RULES),
    ...flows.flatMap((flow) => Object.keys(SCHEMA_KINDS).map((kind) => `${flow}-${kind}`)),
  ].sort();
}

export function ruleInfo(id: string): RuleInfo {
  if (id in RULES) return { id, ...RULES[id] };
  const flow = (Object.keys(FLOWS) as Flow[]).find(
    (candidate) => id.startsWith(`${candidate}-`) && id.slice(candidate.length + 1) in SCHEMA_KINDS,
  );
  if (!flow) throw new Error(`unknown rule ${id}`);
  return schemaRule(flow, id.slice(flow.length + 1));
}
