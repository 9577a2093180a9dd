/**
 * Renderings of a whole document (document-worker.mjs): openapi-typescript's types and the contract
 * as YAML take seconds on a large spec and need nothing from the other emitters, so for a large
 * document they run in a worker thread beside them (generation on GitHub's spec: issue 25). One
 * worker per process, started on first use; it never keeps the process alive while idle. A small
 * document renders in-process: there the worker's start (loading TypeScript again, most of a
 * second on a cold process) would cost more than it saves.
 */
import { Worker } from 'node:worker_threads';
import type { ToStringOptions } from 'yaml';
import type { Ir } from './ir.js';

export type DocumentJob =
  /** openapi-typescript's types; each of `streamSchemas` first replaces the schema of the media type object at `at` (keys from the root). */
  | { kind: 'types'; document: unknown; streamSchemas: Array<{ at: string[]; schema: unknown }> }
  | { kind: 'yaml'; document: unknown; options: ToStringOptions & { aliasDuplicateObjects?: boolean } };

interface Waiting {
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
const waiting = new Map<number, Waiting>();
let lastId = 0;

function documentWorker(): Worker {
  if (worker) return worker;
  // No inherited flags: the worker is plain JavaScript, and a TypeScript loader (tsx's) would route
  // each of TypeScript's module loads through its hooks, doubling the start.
  const started = new Worker(new URL('./document-worker.mjs', import.meta.url), { execArgv: [] });
  started.unref();
  const failAll = (error: Error) => {
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
    if (worker === started) worker = undefined;
  };
  started.on('message', (answer: { id: number; text?: string; error?: string }) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) started.unref();
    if (answer.error !== undefined) job?.reject(new Error(answer.error));
    else job?.resolve(answer.text ?? '');
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the generators' worker thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** At least this many operations and webhooks make a document large enough for the worker thread. */
export const WORKER_THRESHOLD = 100;

/**
 * Renders the IR's document (or a variant of it, `job.document`): its size (operations and
 * webhooks) chooses the worker thread or this one. Either way the job is a copy (the renderers may
 * change it). Jobs run in the order they are asked for.
 */
export async function renderDocument(ir: Ir, job: DocumentJob): Promise<string> {
  if (ir.operations.length + (ir.webhooks?.events.length ?? 0) < WORKER_THRESHOLD) {
    const { render } = await import('./document-worker.mjs');
    return render(structuredClone(job));
  }
  return new Promise<string>((resolve, reject) => {
    const running = documentWorker();
    lastId += 1;
    waiting.set(lastId, { resolve, reject });
    running.ref();
    running.postMessage({ id: lastId, ...job });
  });
}
