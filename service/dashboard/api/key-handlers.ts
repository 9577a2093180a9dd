/**
 * The API key operations: the scopes a key may carry (the public spec's x-scopes), and listing,
 * creating, rotating and revoking the account's keys through the functions the operator CLI uses.
 * Another account's key is not found, never forbidden.
 */
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../../generated/dashboard/server/index.js';
import { sendError } from '../../errors.js';
import { createKey, KeyError, revokeKey, rotateKey } from '../../keys.js';
import type { KeyRecord } from '../../store/store.js';
import { signed, type DashboardContext } from './context.js';
import { keyView } from './views.js';

/** The public spec's x-scopes (its contract copy), for the key form's checkboxes. */
function publicScopes(): Array<{ scope: string; description: string; mintable: boolean }> {
  const document = JSON.parse(
    readFileSync(new URL('../../../generated/openapi/openapi.json', import.meta.url), 'utf8'),
  ) as { components?: { securitySchemes?: Record<string, Record<string, unknown>> } };
  const scopes: Array<{ scope: string; description: string; mintable: boolean }> = [];
  for (const scheme of Object.values(document.components?.securitySchemes ?? {})) {
    for (const [scope, value] of Object.entries(
      (scheme['x-scopes'] ?? {}) as Record<string, { description?: string; mintable?: boolean }>,
    )) {
      scopes.push({ scope, description: value.description ?? '', mintable: value.mintable !== false });
    }
  }
  return scopes;
}

export function keyHandlers(context: DashboardContext) {
  const { store, now } = context;
  const scopes = publicScopes();

  async function ownKey(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<KeyRecord | undefined> {
    const key = await store.findKeyById(id);
    // Another account's key is not found, never forbidden: IDs reveal nothing.
    if (!key || key.accountId !== signed(request).account.id) {
      sendError(reply, request, 404, 'not_found', `No key ${id} in this account.`, 'key_id');
      return undefined;
    }
    return key;
  }

  return {
    listScopes: async () => ({ data: scopes }),
    listKeys: async (request) => ({
      data: (await store.listAccountKeys(signed(request).account.id, request.query.environment)).map(keyView),
    }),
    createKey: async (request, reply) => {
      const { user, account } = signed(request);
      const body = request.body;
      if (body.environment === 'live' && !user.emailVerifiedAt)
        return sendError(
          reply,
          request,
          403,
          'email_not_verified',
          'Verify your e-mail address before creating live keys (see the mail we sent).',
        );
      try {
        const { key, rawKey } = await createKey(
          store,
          {
            environment: body.environment,
            type: body.type,
            scopes: body.scopes,
            accountId: account.id,
            name: body.name,
          },
          new Date(now()).toISOString(),
        );
        reply.code(201);
        return { key: keyView(key), secret: rawKey };
      } catch (error) {
        if (error instanceof KeyError)
          return sendError(reply, request, 400, 'invalid_request', `${error.message}.`, 'scopes');
        throw error;
      }
    },
    rotateKey: async (request, reply) => {
      const key = await ownKey(request, reply, request.params.key_id);
      if (!key) return reply;
      if (key.revokedAt)
        return sendError(
          reply,
          request,
          409,
          'key_revoked',
          'This key is revoked; revoked keys cannot be rotated.',
          'key_id',
        );
      const rotated = await rotateKey(store, key.id, new Date(now()).toISOString());
      return { key: keyView(rotated.key), secret: rotated.rawKey };
    },
    revokeKey: async (request, reply) => {
      const key = await ownKey(request, reply, request.params.key_id);
      if (!key) return reply;
      return keyView(await revokeKey(store, key.id, new Date(now()).toISOString()));
    },
  } satisfies Partial<Handlers>;
}
