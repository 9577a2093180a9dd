/**
 * The IR's `release`: the breaking gate's rules applied between the released document and this
 * one, the paging of each list as the SDKs see it included.
 */
import { compareDocuments } from '../breaking/compare.js';
import { classify } from '../breaking/gate.js';
import { comparePaging } from '../breaking/paging.js';
import type { Ir, IrRelease } from '../core/ir.js';
import type { LoadedDocument } from '../core/document.js';

export function releaseBetween(label: string, released: LoadedDocument, current: Ir): IrRelease {
  const paging = comparePaging(released, current);
  const { findings, advice, sdkAdvice } = classify([
    ...compareDocuments(released.document, current.document),
    ...paging.findings,
  ]);
  const changes = findings.map(({ rule, where, detail, breaks, consequence, docsOnly }) => ({
    rule,
    where,
    detail,
    breaks: [...breaks],
    consequence,
    docsOnly,
  }));
  return {
    label,
    version: String(released.document.info?.version ?? '0.0.0'),
    changes,
    advice,
    sdkAdvice,
    ...(paging.unchecked ? { unchecked: paging.unchecked } : {}),
  };
}
