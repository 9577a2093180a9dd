/**
 * The sign-in limit: at most SIGNIN_FAILURES_ALLOWED failed sign-ins per client address and per
 * account in SIGNIN_WINDOW_MS. Each attempt is recorded as a failure before its password is
 * checked, and taken back when it succeeds (signIn in account-handlers.ts), so that a burst of
 * parallel guesses cannot all see the count from before any of them failed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../errors.js';
import type { DashboardContext } from './context.js';

/** Failed sign-ins allowed per client address and per account in SIGNIN_WINDOW_MS. */
export const SIGNIN_FAILURES_ALLOWED = 10;
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Whether the subjects are over the limit, counting this attempt (already recorded as `seqs`)
 * and only the failures recorded before it: in a parallel burst the first ten are checked and
 * every later one refused, and a refused attempt taking its row back cannot make a later one
 * look under the limit (counting every row let refusals undo each other's count).
 */
export async function signInLimited(
  context: DashboardContext,
  request: FastifyRequest,
  reply: FastifyReply,
  subjects: string[],
  seqs: number[],
): Promise<boolean> {
  const { store, now } = context;
  const since = now() - SIGNIN_WINDOW_MS;
  for (const [index, subject] of subjects.entries()) {
    const { count, oldestAtMs } = await store.signInFailures(subject, since, seqs[index]);
    if (count > SIGNIN_FAILURES_ALLOWED) {
      const retryAfter = Math.max(1, Math.ceil(((oldestAtMs ?? now()) + SIGNIN_WINDOW_MS - now()) / 1000));
      reply.header('retry-after', retryAfter);
      sendError(
        reply,
        request,
        429,
        'rate_limited',
        `Too many failed sign-ins; retry in ${retryAfter} seconds.`,
      );
      return true;
    }
  }
  return false;
}
