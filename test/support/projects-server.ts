/**
 * A correct implementation of test/fixtures/contract/projects-3.1.yaml (accounts, projects, tasks),
 * for proving the contract suites' checks on a target that passes them all, then fails exactly one:
 * `sabotage` (a list) plants bugs: `no-allow` (405 without Allow), `options-extra-method`
 * (OPTIONS lists PUT), `text-content-type` (getProject answers text/plain), `ignore-missing-header`
 * (deleteProject without X-Confirm), `accept-unknown-key` (any well-formed key is the first
 * account's), `cross-tenant-read` (getProject ignores the account), `no-cascade` (a deleted
 * project's tasks stay), `leak-on-refusal` (createProject stores before validating),
 * `idempotency-race` (the Idempotency-Key is recorded after a pause), `refuse-enum-value` (kind
 * `launch` refused), `refuse-max-length` (a 20-character name refused), `429-no-headers` (every
 * 7th request gets a 429 without the rate-limit headers).
 *
 * startProjectsServer serves one, in the caller's process, with all its state (projects, tasks,
 * idempotency records, the request count) its own: a test file starts one per case without a
 * process start each.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

const KEY_FORMAT = /^key_(test|other)_[a-z0-9]{16}$/;

const spec = parse(readFileSync(new URL('../fixtures/contract/projects-3.1.yaml', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: 'fixture.json', components: spec.components });
const validProjectCreate = ajv.getSchema('fixture.json#/components/schemas/ProjectCreate')!;
const validTaskCreate = ajv.getSchema('fixture.json#/components/schemas/TaskCreate')!;

interface Project {
  id: string;
  account: string;
  name: string;
  kind: string;
  priority?: number;
  metadata: Record<string, string>;
}
interface Task {
  id: string;
  account: string;
  project_id: string;
  title: string;
}
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const publicProject = ({ account: _account, ...project }: Project) => project;
const publicTask = ({ account: _account, ...task }: Task) => task;

const ROUTES: Array<{ pattern: RegExp; methods: string[] }> = [
  { pattern: /^\/projects$/, methods: ['GET', 'POST'] },
  { pattern: /^\/projects\/[^/]+$/, methods: ['GET', 'DELETE'] },
  { pattern: /^\/projects\/[^/]+\/tasks$/, methods: ['GET', 'POST'] },
  { pattern: /^\/tasks\/[^/]+$/, methods: ['GET'] },
];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface ProjectsServerOptions {
  /** The bugs to plant (see above); none for the correct implementation. */
  sabotage?: string[];
  /** Each valid key and its account. */
  keys: Record<string, string>;
  /** Keys of the right form that are revoked (401). */
  revoked?: string[];
}

export interface ProjectsServer {
  /** Where it listens: http://127.0.0.1:<port>. */
  url: string;
  close: () => Promise<void>;
}

/** A projects fixture server on a port of its own (the kernel's choice, on loopback). */
export async function startProjectsServer(options: ProjectsServerOptions): Promise<ProjectsServer> {
  const sabotage = new Set(options.sabotage ?? []);
  const keys = options.keys;
  const revoked = new Set(options.revoked ?? []);
  const projects: Project[] = [];
  const tasks: Task[] = [];
  const idempotency = new Map<string, { digest: string; status: number; body: unknown }>();
  let requests = 0;

  function send(
    response: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ): void {
    const limitHeaders =
      sabotage.has('429-no-headers') && status === 429
        ? {}
        : { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999' };
    response.writeHead(status, {
      'access-control-allow-origin': '*',
      ...limitHeaders,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }
  const error = (
    response: ServerResponse,
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) => send(response, status, { error: { code, message: message.slice(0, 200) } }, headers);

  /** A page of items, newest first, after the cursor (an item's id). */
  function page<T extends { id: string }>(
    items: T[],
    query: URLSearchParams,
    response: ServerResponse,
    map: (item: T) => unknown,
  ): void {
    const rawLimit = query.get('limit');
    if (rawLimit !== null && !/^\d+$/.test(rawLimit))
      return error(response, 400, 'invalid_limit', 'limit must be an integer');
    const limit = rawLimit === null ? 10 : Number(rawLimit);
    if (limit < 1 || limit > 50) return error(response, 400, 'invalid_limit', 'limit must be 1 to 50');
    const newest = [...items].reverse();
    const cursor = query.get('starting_after');
    let start = 0;
    if (cursor !== null) {
      if (cursor.length > 40) return error(response, 400, 'invalid_cursor', 'starting_after is too long');
      const index = newest.findIndex((item) => item.id === cursor);
      if (index < 0) return error(response, 400, 'invalid_cursor', 'unknown starting_after');
      start = index + 1;
    }
    const data = newest.slice(start, start + limit);
    const hasMore = start + limit < newest.length;
    send(response, 200, {
      data: data.map(map),
      has_more: hasMore,
      next_cursor: hasMore ? data.at(-1)!.id : null,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requests += 1;
    const url = new URL(request.url ?? '/', 'http://fixture');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const route = ROUTES.find((candidate) => candidate.pattern.test(path));
    if (!route) return error(response, 404, 'not_found', 'no such path');
    if (method === 'OPTIONS') {
      const allow = [
        ...route.methods,
        ...(sabotage.has('options-extra-method') ? ['PUT'] : []),
        'OPTIONS',
      ].join(', ');
      const preflight: Record<string, string> =
        request.headers.origin && request.headers['access-control-request-method']
          ? {
              'access-control-allow-methods': route.methods.join(', '),
              'access-control-allow-headers': 'authorization, content-type, idempotency-key, x-confirm',
            }
          : {};
      return send(response, 204, undefined, { allow, ...preflight });
    }
    if (!route.methods.includes(method) && !(method === 'HEAD' && route.methods.includes('GET'))) {
      return error(
        response,
        405,
        'method_not_allowed',
        `${method} is not allowed here`,
        sabotage.has('no-allow') ? {} : { allow: route.methods.join(', ') },
      );
    }
    if (sabotage.has('429-no-headers') && requests % 7 === 0)
      return error(response, 429, 'rate_limited', 'slow down', { 'retry-after': '0' });
    const text = await readBody(request);
    const [, scheme, token] = /^(\w+)\s+(.*)$/.exec(request.headers.authorization ?? '') ?? [];
    let account = scheme?.toLowerCase() === 'bearer' && !revoked.has(token) ? keys[token] : undefined;
    if (!account && sabotage.has('accept-unknown-key') && KEY_FORMAT.test(token ?? ''))
      account = Object.values(keys)[0];
    if (!account) return error(response, 401, 'unauthenticated', 'a valid key is required');
    const segments = path.split('/').filter(Boolean);
    const query = url.searchParams;
    let body: unknown;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return error(response, 400, 'malformed_json', 'the body is not JSON');
      }
    }
    const project = (id: string) =>
      projects.find(
        (candidate) =>
          candidate.id === id &&
          (candidate.account === account ||
            (sabotage.has('cross-tenant-read') && method === 'GET' && segments.length === 2)),
      );

    if (segments[0] === 'projects' && segments.length === 1 && method === 'GET') {
      const kind = query.get('kind');
      if (kind !== null && !['research', 'build', 'launch'].includes(kind))
        return error(response, 400, 'invalid_kind', 'kind is not one of research, build, launch');
      return page(
        projects.filter(
          (candidate) => candidate.account === account && (kind === null || candidate.kind === kind),
        ),
        query,
        response,
        publicProject,
      );
    }
    if (segments[0] === 'projects' && segments.length === 1 && method === 'POST') {
      const create = (): Project => {
        const input = (body ?? {}) as Omit<Project, 'id' | 'account'>;
        const made: Project = {
          id: newId('proj'),
          account,
          name: String(input.name ?? ''),
          kind: input.kind ?? 'research',
          metadata: input.metadata ?? {},
          ...(input.priority !== undefined ? { priority: input.priority } : {}),
        };
        projects.push(made);
        return made;
      };
      if (sabotage.has('leak-on-refusal') && body && typeof body === 'object') create();
      if (!validProjectCreate(body))
        return error(response, 400, 'invalid_request', ajv.errorsText(validProjectCreate.errors));
      const input = body as { name: string; kind?: string };
      if (sabotage.has('refuse-enum-value') && input.kind === 'launch')
        return error(response, 400, 'invalid_request', 'kind launch is not available');
      if (sabotage.has('refuse-max-length') && [...input.name].length === 20)
        return error(response, 400, 'invalid_request', 'name too long');
      const key = request.headers['idempotency-key'];
      const digest = createHash('sha256').update(text).digest('hex');
      const record = typeof key === 'string' ? idempotency.get(`${account}:${key}`) : undefined;
      if (record)
        return record.digest === digest
          ? send(response, record.status, record.body)
          : error(response, 409, 'idempotency_conflict', 'this Idempotency-Key was used with another body');
      if (sabotage.has('idempotency-race')) await new Promise((resolve) => setTimeout(resolve, 30));
      const answer = publicProject(create());
      if (typeof key === 'string')
        idempotency.set(`${account}:${key}`, { digest, status: 201, body: answer });
      return send(response, 201, answer);
    }
    if (segments[0] === 'projects' && segments.length >= 2) {
      const found = project(segments[1]);
      if (!found) return error(response, 404, 'not_found', 'no such project');
      if (segments.length === 2 && method === 'GET') {
        if (sabotage.has('text-content-type')) {
          response.writeHead(200, {
            'content-type': 'text/plain',
            'x-ratelimit-limit': '1000',
            'x-ratelimit-remaining': '999',
          });
          return void response.end(JSON.stringify(publicProject(found)));
        }
        return send(response, 200, publicProject(found));
      }
      if (segments.length === 2 && method === 'DELETE') {
        if (request.headers['x-confirm'] !== 'yes' && !sabotage.has('ignore-missing-header'))
          return error(response, 400, 'confirmation_required', 'X-Confirm: yes is required');
        projects.splice(projects.indexOf(found), 1);
        if (!sabotage.has('no-cascade'))
          for (const task of tasks.filter((candidate) => candidate.project_id === found.id))
            tasks.splice(tasks.indexOf(task), 1);
        return send(response, 200, publicProject(found));
      }
      if (segments.length === 3 && method === 'GET')
        return page(
          tasks.filter((task) => task.project_id === found.id),
          query,
          response,
          publicTask,
        );
      if (segments.length === 3 && method === 'POST') {
        if (!validTaskCreate(body))
          return error(response, 400, 'invalid_request', ajv.errorsText(validTaskCreate.errors));
        const task: Task = {
          id: newId('task'),
          account,
          project_id: found.id,
          title: (body as { title: string }).title,
        };
        tasks.push(task);
        return send(response, 201, publicTask(task));
      }
    }
    if (segments[0] === 'tasks' && method === 'GET') {
      const task = tasks.find((candidate) => candidate.id === segments[1] && candidate.account === account);
      return task ? send(response, 200, publicTask(task)) : error(response, 404, 'not_found', 'no such task');
    }
    return error(response, 404, 'not_found', 'no such path');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => error(response, 500, 'internal', String(caught)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive connections of a finished suite run would otherwise hold close() open.
        server.closeAllConnections();
        server.close((closed) => (closed ? reject(closed) : resolve()));
      }),
  };
}
