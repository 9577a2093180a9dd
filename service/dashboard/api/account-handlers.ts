/**
 * The account operations: sign-up (with its account), sign-in under the sign-in limit, the session,
 * sign-out (here or everywhere), e-mail verification and password reset. A reset proves the
 * mailbox: an account someone signed up for with that address without owning it is cleared first.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../../generated/dashboard/server/index.js';
import { sendError } from '../../errors.js';
import { newId } from '../../ids.js';
import { revokeKey } from '../../keys.js';
import type { UserRecord } from '../../store/store.js';
import { removeEndpoint } from '../../webhooks/endpoints.js';
import { changeTier } from './billing.js';
import { sha256, signed, type DashboardContext } from './context.js';
import { queueMail } from './mail.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { sessionCookie, sessionView, startSession } from './sessions.js';
import { signInLimited } from './sign-in-limit.js';

class EmailTaken extends Error {}

/** The answer to a verification or reset link that is unknown, used or expired. */
function unknownLink(request: FastifyRequest, reply: FastifyReply) {
  return sendError(
    reply,
    request,
    404,
    'invalid_token',
    'This link is unknown, used or expired; ask for a new one.',
    'token',
  );
}

export function accountHandlers(context: DashboardContext) {
  const { store, now, billing } = context;
  /** Revokes every key, removes every webhook endpoint and returns the tier to Free. */
  async function clearUnclaimedAccount(accountId: string): Promise<void> {
    const at = new Date(now()).toISOString();
    for (const environment of ['test', 'live'] as const) {
      for (const key of await store.listAccountKeys(accountId, environment))
        if (!key.revokedAt) await revokeKey(store, key.id, at);
    }
    for (const endpoint of await store.listWebhookEndpoints(accountId))
      await removeEndpoint(store, endpoint.id);
    const account = await store.findAccount(accountId);
    if (account && account.tier !== 0) await changeTier(store, billing, accountId, 0, now());
  }

  return {
    signUp: async (request, reply) => {
      const { email, password } = request.body;
      const passwordHash = await hashPassword(password);
      const at = new Date(now()).toISOString();
      const user: UserRecord = {
        id: newId('user', 16),
        accountId: newId('acct', 16),
        email,
        passwordHash,
        emailVerifiedAt: null,
        createdAt: at,
      };
      const created = await store
        .transaction(async (tx) => {
          await tx.createAccount(user.accountId, 0, at);
          if (await tx.insertUser(user)) return true;
          throw new EmailTaken();
        })
        .catch((error: unknown) => {
          if (error instanceof EmailTaken) return false;
          throw error;
        });
      if (!created)
        return sendError(
          reply,
          request,
          409,
          'email_taken',
          'A user with this e-mail address exists; sign in instead.',
          'email',
        );
      await queueMail(store, user, 'verify_email', now());
      const session = await startSession(context, request, reply, user);
      reply.code(201);
      return sessionView(context, user, session);
    },
    signIn: async (request, reply) => {
      const { email, password } = request.body;
      const user = await store.findUserByEmail(email);
      const subjects = [`ip:${request.ip}`, ...(user ? [`user:${user.id}`] : [])];
      // Counted as a failure before the password is checked (about 100 ms of scrypt), and taken
      // back if it succeeds: counting afterwards let a burst of parallel guesses all see the
      // count from before any of them failed.
      const attemptAtMs = now();
      const seqs = await store.recordSignInFailure(subjects, attemptAtMs);
      if (await signInLimited(context, request, reply, subjects, seqs)) {
        await store.forgetSignInFailures(seqs); // refused unchecked: not a failure
        return reply;
      }
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      if (!user || !ok)
        return sendError(
          reply,
          request,
          401,
          'invalid_credentials',
          'The e-mail address or password is wrong.',
        );
      await store.forgetSignInFailures(seqs);
      const session = await startSession(context, request, reply, user);
      return sessionView(context, user, session);
    },
    getSession: async (request) => {
      const { user, session } = signed(request);
      return sessionView(context, user, session);
    },
    signOut: async (request, reply) => {
      await store.deleteSession(signed(request).tokenHash);
      return reply
        .header('set-cookie', sessionCookie(context, request, '', 0))
        .code(204)
        .send();
    },
    signOutEverywhere: async (request, reply) => {
      await store.deleteUserSessions(signed(request).user.id);
      return reply
        .header('set-cookie', sessionCookie(context, request, '', 0))
        .code(204)
        .send();
    },
    verifyEmail: async (request, reply) => {
      const userId = await store.consumeMailToken(sha256(request.body.token), 'verify_email', now());
      if (!userId) return unknownLink(request, reply);
      await store.setUserEmailVerified(userId, new Date(now()).toISOString());
      return reply.code(204).send();
    },
    requestPasswordReset: async (request, reply) => {
      const user = await store.findUserByEmail(request.body.email);
      if (user) await queueMail(store, user, 'reset_password', now());
      return reply.code(202).send();
    },
    resetPassword: async (request, reply) => {
      const userId = await store.consumeMailToken(sha256(request.body.token), 'reset_password', now());
      if (!userId) return unknownLink(request, reply);
      const user = await store.findUserById(userId);
      if (!user) return unknownLink(request, reply);
      await store.setUserPassword(userId, await hashPassword(request.body.password));
      await store.deleteUserMailTokens(userId, 'reset_password'); // older reset links die with this one
      // The first proof of the mailbox claims an account someone may have signed up for with this
      // address without owning it: nothing they made survives (keys, endpoints, a changed tier).
      if (!user.emailVerifiedAt) await clearUnclaimedAccount(user.accountId);
      // The reset link reached the mailbox: that proves the address as well as a verification would.
      await store.setUserEmailVerified(userId, new Date(now()).toISOString());
      await store.deleteUserSessions(userId);
      return reply.code(204).send();
    },
  } satisfies Partial<Handlers>;
}
