/**
 * The generated server stubs (generated/server) with in-memory handlers for the subjects the hook
 * tests read and write: a list that pages by cursor as the spec says, create, retrieve. It records
 * what each list request asked for, and can hold chosen requests open until the client gives up on
 * them (to see an abort arrive as a closed connection). Starts: Fastify on 127.0.0.1.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { routesPlugin } from '../../../../../generated/server/index.js';

export interface SubjectsStub {
  url: string;
  /** The query of every list request, in order. */
  lists: Array<Record<string, unknown>>;
  /** Ids of requests (`list:<starting_after>` or `retrieve:<id>`) whose connection closed before an answer. */
  aborted: string[];
  /** Holds requests with this id open until the client closes them. */
  hold: (id: string) => void;
  /** Resolves once a held request has arrived. */
  arrived: (id: string) => Promise<void>;
  count: () => number;
  close: () => Promise<void>;
}

const CONSENT = {
  consent_text_version: '2026-01',
  consented_at: '2026-03-14T09:26:53Z',
  ui_snapshot_hash: `sha256:${'9f'.repeat(32)}`,
};

function subject(number: number) {
  return {
    id: `subj_${String(number).padStart(4, '0')}`,
    object: 'subject' as const,
    livemode: false,
    created_at: '2026-11-21T10:00:00Z',
    consent_artifact: CONSENT,
    metadata: {},
    latest_scores: null,
  };
}

export async function startSubjectsStub(initial: number): Promise<SubjectsStub> {
  // Newest first, as the spec's list orders them.
  const subjects = Array.from({ length: initial }, (_, index) => subject(initial - index));
  const lists: Array<Record<string, unknown>> = [];
  const aborted: string[] = [];
  const held = new Set<string>();
  const waiting = new Map<string, () => void>();
  const arrivals = new Map<string, Promise<void>>();
  const arrive = (id: string) => {
    if (!arrivals.has(id)) arrivals.set(id, new Promise((resolve) => waiting.set(id, resolve)));
    waiting.get(id)?.();
  };
  /** Waits until the client closes the connection of a held request. */
  const holdOpen = async (id: string, reply: FastifyReply) => {
    if (!held.has(id)) return false;
    // Fastify leaves the answer to this handler, which never gives one.
    reply.hijack();
    arrive(id);
    await new Promise<void>((resolve) => reply.raw.once('close', resolve));
    aborted.push(id);
    return true;
  };
  // Closing ends the client's kept-alive connections too.
  const app = Fastify({ forceCloseConnections: true });
  await app.register(routesPlugin, {
    handlers: {
      listSubjects: async (request: FastifyRequest, reply: FastifyReply) => {
        const query = request.query as { limit?: number; starting_after?: string };
        lists.push({ ...query });
        if (await holdOpen(`list:${query.starting_after ?? ''}`, reply)) return reply;
        const limit = query.limit ?? 25;
        const start = query.starting_after
          ? subjects.findIndex((each) => each.id === query.starting_after) + 1
          : 0;
        const data = subjects.slice(start, start + limit);
        const hasMore = start + limit < subjects.length;
        return {
          object: 'list',
          data,
          has_more: hasMore,
          next_cursor: hasMore ? data.at(-1)!.id : null,
          previous_cursor: start > 0 ? data[0].id : null,
          request_id: `req_${lists.length}`,
        };
      },
      createSubject: async (request: FastifyRequest, reply: FastifyReply) => {
        const created = { ...subject(subjects.length + 1), ...(request.body as object) };
        subjects.unshift(created);
        return reply.code(201).send(created);
      },
      retrieveSubject: async (request: FastifyRequest, reply: FastifyReply) => {
        const { subject_id: id } = request.params as { subject_id: string };
        if (await holdOpen(`retrieve:${id}`, reply)) return reply;
        const found = subjects.find((each) => each.id === id);
        if (!found)
          return reply.code(404).send({
            object: 'error',
            code: 'not_found',
            message: `No subject ${id}.`,
            param: null,
            request_id: 'req_404',
          });
        return found;
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    lists,
    aborted,
    hold: (id) => void held.add(id),
    arrived: (id) => {
      if (!arrivals.has(id)) arrivals.set(id, new Promise((resolve) => waiting.set(id, resolve)));
      return arrivals.get(id)!;
    },
    count: () => subjects.length,
    close: () => app.close(),
  };
}
