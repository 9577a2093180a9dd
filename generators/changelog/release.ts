/** The IR's `release`: the breaking gate's rules applied between the released document and this one. */
import { compareDocuments } from '../breaking/compare.js';
import { classify } from '../breaking/gate.js';
import type { OpenApiDocument } from '../core/load.js';
import type { IrRelease } from '../core/ir.js';

export function releaseBetween(label: string, released: OpenApiDocument, current: OpenApiDocument): IrRelease {
  const { findings, advice, sdkAdvice } = classify(compareDocuments(released, current));
  const changes = findings.map(({ rule, where, detail, breaks, consequence, docsOnly }) => ({ rule, where, detail, breaks: [...breaks], consequence, docsOnly }));
  return { label, version: String(released.info?.version ?? '0.0.0'), changes, advice, sdkAdvice };
}
