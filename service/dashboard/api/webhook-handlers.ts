/**
 * The webhook operations: the account's endpoints (add, remove, rotate the secret, switch off and
 * on), their deliveries, a test event to one endpoint, and resending an event. Endpoints on this
 * machine's loopback are refused unless the service runs on the developer's own machine.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../../generated/dashboard/server/index.js';
import { sendError } from '../../errors.js';
import type { Environment, WebhookEndpointRecord } from '../../store/store.js';
import {
  addEndpoint,
  removeEndpoint,
  rotateEndpointSecret,
  triggerEvent,
  WebhookAdminError,
} from '../../webhooks/endpoints.js';
import { pointsAtLoopback } from '../../webhooks/ssrf.js';
import { signed, type DashboardContext } from './context.js';
import { deliveryView, endpointView } from './views.js';

/** The reason an endpoint the user switched off carries (resend never switches those back on). */
const DISABLED_BY_USER = 'Disabled in the dashboard.';

export function webhookHandlers(context: DashboardContext) {
  const { store, now, webhookSettings: settings, webhookBox, allowLoopbackEndpoints } = context;

  async function ownEndpoint(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<WebhookEndpointRecord | undefined> {
    const endpoint = await store.findWebhookEndpoint(id);
    if (!endpoint || endpoint.accountId !== signed(request).account.id) {
      sendError(
        reply,
        request,
        404,
        'not_found',
        `No webhook endpoint ${id} in this account.`,
        'endpoint_id',
      );
      return undefined;
    }
    return endpoint;
  }

  return {
    listWebhookEndpoints: async (request) => {
      const environment: Environment = request.query.environment;
      return {
        data: (await store.listWebhookEndpoints(signed(request).account.id))
          .filter((endpoint) => endpoint.environment === environment)
          .map(endpointView),
      };
    },
    createWebhookEndpoint: async (request, reply) => {
      const { account, user } = signed(request);
      if (request.body.environment === 'live' && !user.emailVerifiedAt)
        return sendError(
          reply,
          request,
          403,
          'email_not_verified',
          'Verify your e-mail address before adding live webhook endpoints (see the mail we sent).',
        );
      // Anyone can sign up: an endpoint on this machine's loopback would let them probe and post to
      // its local services. Allowed only where the service runs on the developer's own machine.
      if (!allowLoopbackEndpoints && (await pointsAtLoopback(request.body.url))) {
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          "Endpoints on this server's loopback address are not allowed here; use a public URL (or a tunnel to your machine).",
          'url',
        );
      }
      try {
        const { endpoint, secret } = await addEndpoint(
          store,
          webhookBox(),
          settings,
          {
            environment: request.body.environment,
            url: request.body.url,
            accountId: account.id,
            eventTypes: request.body.events,
          },
          now(),
        );
        reply.code(201);
        return { endpoint: endpointView(endpoint), secret };
      } catch (error) {
        if (error instanceof WebhookAdminError)
          return sendError(reply, request, 400, 'invalid_request', `${error.message}.`, 'url');
        throw error;
      }
    },
    deleteWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await removeEndpoint(store, endpoint.id);
      return reply.code(204).send();
    },
    rotateWebhookSecret: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      const rotated = await rotateEndpointSecret(store, webhookBox(), settings, endpoint.id, now());
      return { endpoint: endpointView(rotated.endpoint), secret: rotated.secret };
    },
    disableWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await store.setWebhookEndpointStatus(endpoint.id, 'disabled', DISABLED_BY_USER);
      return endpointView((await store.findWebhookEndpoint(endpoint.id))!);
    },
    enableWebhookEndpoint: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      await store.setWebhookEndpointStatus(endpoint.id, 'enabled', null);
      return endpointView((await store.findWebhookEndpoint(endpoint.id))!);
    },
    listWebhookDeliveries: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      return { data: (await store.listWebhookDeliveries(endpoint.id, 50)).map(deliveryView) };
    },
    sendTestWebhookEvent: async (request, reply) => {
      const endpoint = await ownEndpoint(request, reply, request.params.endpoint_id);
      if (!endpoint) return reply;
      // Nothing would be queued: say why rather than a 202 for an event no one receives.
      if (endpoint.status !== 'enabled')
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          `Endpoint ${endpoint.id} is disabled; enable it to send it a test event.`,
          null,
        );
      if (!endpoint.eventTypes.includes('*') && !endpoint.eventTypes.includes(request.body.type)) {
        return sendError(
          reply,
          request,
          400,
          'invalid_request',
          `Endpoint ${endpoint.id} does not subscribe to ${request.body.type}; it takes ${endpoint.eventTypes.join(', ')}.`,
          'type',
        );
      }
      // To this endpoint only: the button names it, and the account's other endpoints did not ask.
      await triggerEvent(
        store,
        settings,
        request.body.type,
        { accountId: endpoint.accountId, environment: endpoint.environment },
        now(),
        endpoint.id,
      );
      context.onEvents?.();
      return reply.code(202).send();
    },
    resendWebhookEvent: async (request, reply) => {
      const event = await store.findWebhookEvent(request.params.event_id);
      if (!event || event.accountId !== signed(request).account.id)
        return sendError(
          reply,
          request,
          404,
          'not_found',
          `No webhook event ${request.params.event_id} in this account.`,
          'event_id',
        );
      // Every endpoint that had the event, except those the user turned off: a resend must not
      // switch an endpoint back on behind their back (one disabled after failing is re-enabled).
      for (const endpoint of await store.listWebhookEndpoints(event.accountId)) {
        if (endpoint.status === 'disabled' && endpoint.disabledReason === DISABLED_BY_USER) continue;
        await store.requeueWebhookEvent(event.id, now(), endpoint.id);
      }
      context.onEvents?.();
      return reply.code(202).send();
    },
  } satisfies Partial<Handlers>;
}
