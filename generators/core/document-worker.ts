/**
 * Renderings of a whole document (document-worker.mjs): openapi-typescript's types and the contract
 * as YAML take seconds on a large spec and need nothing from the other emitters, so for a large
 * document they run in worker threads beside them (generation on GitHub's spec: issue 25). One
 * worker per kind of job and process, started on first use; none keeps the process alive while
 * idle. A small document renders in-process: there a worker's start (loading TypeScript again,
 * most of a second on a cold process) would cost more than it saves.
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

/** A worker thread and the jobs it has in flight (a crash rejects exactly those). */
class JobWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;

  constructor(kind: string, onExit: () => void) {
    // No inherited flags: the worker is plain JavaScript, and a TypeScript loader (tsx's) would
    // route each of TypeScript's module loads through its hooks, doubling the start.
    this.worker = new Worker(new URL('./document-worker.mjs', import.meta.url), { execArgv: [] });
    this.worker.unref();
    this.worker.on('message', (answer: { id: number; text?: string; error?: string }) => {
      const job = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker.unref();
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else job?.resolve(answer.text ?? '');
    });
    const failAll = (error: Error) => {
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
      onExit();
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) => failAll(new Error(`the generators' ${kind} worker thread stopped (exit code ${code})`)));
  }

  run(job: DocumentJob): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.lastId += 1;
      this.waiting.set(this.lastId, { resolve, reject });
      this.worker.ref(); // while a job is in flight, the process waits for it
      this.worker.postMessage({ id: this.lastId, ...job });
    });
  }
}

/** One worker per kind of job, so the YAML and the types render side by side (and beside the emitters). */
const workers = new Map<DocumentJob['kind'], JobWorker>();

function workerFor(kind: DocumentJob['kind']): JobWorker {
  let worker = workers.get(kind);
  if (!worker) {
    const started: JobWorker = new JobWorker(kind, () => {
      if (workers.get(kind) === started) workers.delete(kind);
    });
    worker = started;
    workers.set(kind, worker);
  }
  return worker;
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
  return workerFor(job.kind).run(job);
}
