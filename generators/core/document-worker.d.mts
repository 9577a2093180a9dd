/** Types of document-worker.mjs, for document-worker.ts (its only caller, which defines the job and what it renders). */
export function render(job: object, stats?: object): Promise<unknown>;
