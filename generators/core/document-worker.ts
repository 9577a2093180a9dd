/**
 * Renderings of a whole document (document-worker.mjs): openapi-typescript's types and the contract
 * as JSON and YAML (with the mock's copy) need nothing from the other emitters, so they run in
 * worker threads beside them (issue 25). The types always do: openapi-typescript is the longest
 * single step on a spec of any size, and its worker, started before the rest of the generators
 * load, loads TypeScript (most of a second on a cold process) on the other core. The contract
 * renders in a worker only for a large document; on a small one its rendering takes less than
 * handing the document over. One worker per kind of job and process, started on first use; none
 * keeps the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import type { Ir } from './ir.js';

/** A streamed media type whose schema, for the types, is its item's: where it is (keys from the root, after $refs) and that schema. */
export interface StreamSchema {
  at: string[];
  schema: unknown;
}

export type DocumentJob =
  /** openapi-typescript's types; each of `streamSchemas` first replaces the schema of the media type object at `at`. */
  (
    | { kind: 'types'; document: unknown; streamSchemas: StreamSchema[] }
    /**
     * The document as JSON and YAML, and `withYaml` (another document) as JSON with that YAML as the
     * string where `yamlMarker` is, and the document itself (the same object) at `embeddedAt` when
     * given. One message: subtrees the two documents share are copied once.
     */
    | { kind: 'contract'; document: unknown; withYaml: unknown; yamlMarker: string; embeddedAt?: string[] }
  ) & {
    /**
     * Keep what this job rendered (each path item's and component's text) under this key, and start
     * from what the last job of the key kept: only the units that changed are rendered again.
     */
    reuse?: string;
  };

/** A contract job's texts: JSON as `JSON.stringify(value, null, 2)` prints it, YAML as `yaml` does with yaml-printer.mjs's YAML_OPTIONS. */
export interface ContractRenderings {
  json: string;
  yaml: string;
  /** `withYaml` as JSON, the YAML in it. */
  mock: string;
}

/** What a job renders: the types' text, or the contract's texts. */
export type Rendered<Job extends DocumentJob> = Job extends { kind: 'contract' }
  ? ContractRenderings
  : string;

interface Waiting {
  resolve: (rendered: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * How much of a document a job rendered: its units (path items, components, …; document-units.mjs)
 * and those it rendered, the rest reused from the last job of its `reuse` key. `mockRendered`: the
 * mock's copy's own units it printed (a contract job; the others are the contract's).
 */
export interface RenderingStats {
  units: number;
  rendered: string[];
  mockRendered?: string[];
}

/** The last job's stats per kind, in this process (for tests and the bench). */
const lastStats = new Map<DocumentJob['kind'], RenderingStats>();

/** How much of its document the last job of `kind` rendered (undefined before the first). */
export function renderingStats(kind: DocumentJob['kind']): RenderingStats | undefined {
  return lastStats.get(kind);
}

/** A worker thread and the jobs it has in flight (a crash rejects exactly those). */
class JobWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private lastId = 0;
  /** Jobs answered (for tests: which thread rendered). */
  answered = 0;

  constructor(
    private readonly kind: DocumentJob['kind'],
    onExit: () => void,
  ) {
    // No inherited flags: the worker is plain JavaScript, and a TypeScript loader (tsx's) would
    // route each of TypeScript's module loads through its hooks, doubling the start.
    this.worker = new Worker(new URL('./document-worker.mjs', import.meta.url), { execArgv: [] });
    this.worker.unref();
    this.worker.on(
      'message',
      (answer: { id: number; rendered?: unknown; error?: string; stats?: RenderingStats }) => {
        const job = this.waiting.get(answer.id);
        if (job) this.answered += 1;
        if (job && answer.stats?.units !== undefined) lastStats.set(this.kind, answer.stats);
        this.waiting.delete(answer.id);
        if (this.waiting.size === 0) this.worker.unref();
        if (answer.error !== undefined) job?.reject(new Error(answer.error));
        else job?.resolve(answer.rendered);
      },
    );
    const failAll = (error: Error) => {
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
      onExit();
    };
    this.worker.on('error', failAll);
    this.worker.on('exit', (code) =>
      failAll(new Error(`the generators' ${kind} worker thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Loads the modules of its kind now, without holding the process open: a worker's start loads
   * TypeScript (a second on a cold process), which can then overlap loading the generators and the spec.
   */
  preload(): void {
    this.lastId += 1;
    // Not waited for: its answer (or failure) finds no job, and the next job loads what it lacks.
    this.worker.postMessage({ id: this.lastId, kind: 'preload', of: this.kind });
  }

  run<Job extends DocumentJob>(job: Job): Promise<Rendered<Job>> {
    return new Promise<Rendered<Job>>((resolve, reject) => {
      this.lastId += 1;
      this.waiting.set(this.lastId, { resolve: resolve as (rendered: unknown) => void, reject });
      this.worker.ref(); // while a job is in flight, the process waits for it
      this.worker.postMessage({ id: this.lastId, ...job });
    });
  }
}

/** One worker per kind of job, so the contract and the types render side by side (and beside the emitters). */
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

/** The contract's renderer, for a small document: imported once (a dynamic import asks the module loader each time). */
let inProcess: Promise<typeof import('./document-worker.mjs')> | undefined;

/** How many jobs the worker thread of `kind` has answered (for tests). */
export function answeredJobs(kind: DocumentJob['kind']): number {
  return workers.get(kind)?.answered ?? 0;
}

/** The kinds of job whose worker thread is running (for tests). */
export function runningWorkers(): Array<DocumentJob['kind']> {
  return [...workers.keys()].sort();
}

/** The IRs whose renderings are kept for the next generation of their spec (generate's `incremental`), by key. */
const reusing = new WeakMap<Ir, string>();

/** Renders this IR's documents from what the last rendering under `key` kept, and keeps this one's for the next. */
export function reuseRenderings(ir: Ir, key: string): void {
  reusing.set(ir, key);
}

/** At least this many operations and webhooks make a document large enough for the contract's worker thread. */
export const WORKER_THRESHOLD = 100;

/**
 * A spec file at least this large almost surely has WORKER_THRESHOLD operations (ours, with 17,
 * is 60 KB; GitHub's 1,2xx take 13 MB), so its contract worker is started before it is even parsed.
 */
export const PRELOAD_BYTES = 1_000_000;

/**
 * Starts the worker threads a spec file of `bytes` bytes will use, each loading its modules, so that
 * their start overlaps loading the generators, the spec and the IR: the types' worker for any spec
 * (`npm run generate` starts it before importing the rest), the contract's from PRELOAD_BYTES.
 * Workers already running are left as they are.
 */
export function prepareWorkers(bytes: number): void {
  const kinds = bytes >= PRELOAD_BYTES ? (['types', 'contract'] as const) : (['types'] as const);
  for (const kind of kinds) if (!workers.has(kind)) workerFor(kind).preload();
}

/**
 * Renders the IR's document (or a variant of it, `job.document`): the types in their worker
 * thread; the contract there too when the document is large (operations and webhooks), otherwise
 * in this thread. Either way the renderers never change the caller's documents (a job reaches a
 * worker as a structured clone; in-process the contract's renderer only reads). Jobs run in the
 * order they are asked for.
 */
export async function renderDocument<Job extends DocumentJob>(ir: Ir, job: Job): Promise<Rendered<Job>> {
  const key = reusing.get(ir);
  if (key !== undefined) job = { ...job, reuse: key };
  if (
    job.kind === 'contract' &&
    ir.operations.length + (ir.webhooks?.events.length ?? 0) < WORKER_THRESHOLD
  ) {
    const { render } = await (inProcess ??= import('./document-worker.mjs'));
    const stats = {} as RenderingStats;
    const rendered = (await render(job, stats)) as Rendered<Job>;
    if (stats.units !== undefined) lastStats.set(job.kind, stats);
    return rendered;
  }
  return workerFor(job.kind).run(job);
}
