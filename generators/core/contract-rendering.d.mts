/** Types of contract-rendering.mjs (plain JavaScript, for the document worker), for tests. */
import type { ContractRenderings, DocumentJob } from './document-worker.js';

/** What a rendering keeps for the next one (opaque). */
export type ContractRenderingState = object & { readonly __contractRendering?: never };

export declare function renderContractIncrementally(
  job: Omit<Extract<DocumentJob, { kind: 'contract' }>, 'kind' | 'reuse'>,
  previous: ContractRenderingState | undefined,
): Promise<{
  rendered: ContractRenderings;
  state: ContractRenderingState;
  stats: { units: number; rendered: string[]; mockRendered: string[] };
}>;
