/** Types of document-worker.mjs, for document-worker.ts (its only caller, which defines the job). */
export function render(job: object): string | Promise<string>;
