/**
 * The breaking-change classifier: compares two bundled OpenAPI documents (3.0 or 3.1) and returns
 * one finding per change, each naming a rule of `rules.ts`. It reads the documents rather than the
 * IR because it must see what the IR normalises away (security alternatives, headers, media
 * types, links, webhooks' own headers). Every raw difference that no rule accounts for is
 * returned as `unclassified`, so an unknown change is never silently passed.
 *
 * One walk per object, over a shared `Comparison` (context.ts): operations.ts and webhooks.ts
 * match what is called; parameters.ts, bodies.ts, responses.ts and headers.ts compare its parts;
 * schema.ts (with schema-view.ts and schema-values.ts) compares the data in each direction;
 * security.ts and servers.ts who may call and where; residue.ts lists what no walk claimed.
 */
import type { OpenApiDocument } from '../core/document.js';
import { Comparison, type Finding } from './context.js';
import { compareOperations } from './operations.js';
import { reportResidue } from './residue.js';
import { compareSecuritySchemes } from './security.js';
import { compareServers } from './servers.js';
import { compareWebhooks } from './webhooks.js';

/** Compares two bundled documents; every difference ends up in exactly one kind of finding. */
export function compareDocuments(base: OpenApiDocument, head: OpenApiDocument): Finding[] {
  const c = new Comparison(base, head);
  compareOperations(c);
  compareWebhooks(c);
  compareServers(
    c,
    { node: base.servers, pointer: '/servers' },
    { node: head.servers, pointer: '/servers' },
    'servers',
  );
  compareSecuritySchemes(c);
  reportResidue(c);
  return dedupe(c.findings);
}

/** A shared schema reached from many operations is reported once per rule and place. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const finding of findings) {
    const key = `${finding.rule}|${finding.pointer}|${finding.detail}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()];
}
