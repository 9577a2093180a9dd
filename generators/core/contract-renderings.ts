/**
 * The contract as JSON and YAML, and the mock's document as JSON with that YAML in it: rendered
 * once per IR, together, in the generators' worker thread on a large spec (seconds of printing).
 * The mock's document comes along because it holds the YAML and shares most of its subtrees with
 * the contract's, which then travel to the worker once. The contract-document plugin starts it and
 * exports it; mock-document writes the mock's part.
 */
import { randomUUID } from 'node:crypto';
import { renderDocument, type ContractRenderings } from './document-worker.js';
import type { Ir } from './ir.js';
import { CONTRACT_EXAMPLE_AT, mockDocument } from './mock-document.js';
import { oncePer } from './once-per.js';

export type { ContractRenderings } from './document-worker.js';

export const contractRenderings: (ir: Ir) => Promise<ContractRenderings> = oncePer((ir: Ir) => {
  const yamlMarker = `contract YAML ${randomUUID()}`;
  return renderDocument(ir, {
    kind: 'contract',
    document: ir.document,
    withYaml: mockDocument(ir, yamlMarker),
    yamlMarker,
    embeddedAt: CONTRACT_EXAMPLE_AT,
  });
});
