/** Webhooks: endpoints per environment (add, secret once, rotate, disable/enable, remove), deliveries, resend, test events. */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Delivery, type Endpoint, type Environment, type EventType } from '../api.js';
import { Dialog, idFor, modeName, Notice, OnceOnlySecret, useAction, When } from '../components.js';
import { ConfirmStep } from './keys.js';

type DialogState =
  | { kind: 'add' }
  | { kind: 'secret'; title: string; secret: string }
  | { kind: 'rotate'; endpoint: Endpoint }
  | { kind: 'remove'; endpoint: Endpoint }
  | { kind: 'test'; endpoint: Endpoint }
  | null;

export const isEnabled = (endpoint: Endpoint) => endpoint.status === 'enabled';

export function WebhooksPage({ environment }: { environment: Environment }) {
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null);
  const [eventTypes, setEventTypes] = useState<EventType[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useAction();
  const act = useAction();

  const reload = () => load.run(async () => setEndpoints(await api.endpoints(environment)));
  useEffect(() => {
    void load.run(async () => {
      const [list, types] = await Promise.all([api.endpoints(environment), api.eventTypes()]);
      setEndpoints(list);
      setEventTypes(types);
    });
  }, [environment]);

  const toggle = (endpoint: Endpoint) =>
    act.run(async () => {
      if (isEnabled(endpoint)) await api.disableEndpoint(endpoint.id);
      else await api.enableEndpoint(endpoint.id);
      setMessage(`${isEnabled(endpoint) ? 'Disabled' : 'Enabled'} ${endpoint.url}.`);
      await reload();
    });

  const titles: Record<string, string> = {
    add: `Add a ${environment} endpoint`,
    rotate: 'Rotate the signing secret?',
    remove: 'Remove this endpoint?',
    test: 'Send a test event',
  };
  const title = dialog ? (dialog.kind === 'secret' ? dialog.title : titles[dialog.kind]) : '';
  const selectedEndpoint = endpoints?.find((endpoint) => endpoint.id === selected);

  return html`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${environment}`}>${modeName(environment)}</span></h1>
      <button type="button" class="primary" onClick=${() => setDialog({ kind: 'add' })}>Add endpoint</button>
    </div>
    <p class="lead">
      Endpoints that receive ${environment === 'test' ? 'test-mode' : 'live'} events, signed with their own
      secret (Standard Webhooks).
    </p>
    <${Notice} error=${act.error ?? load.error} message=${message} />
    ${
      endpoints === null
        ? html`<p aria-busy="true">Loading endpoints…</p>`
        : html`
            <div class="table-wrap">
              <table class="endpoints">
                <caption class="visually-hidden">
                  ${modeName(environment)} webhook endpoints
                </caption>
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created (UTC)</th>
                    <th scope="col"><span class="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${
                    endpoints.length === 0
                      ? html`<tr>
                          <td colspan="5" class="empty">No ${environment} endpoints yet.</td>
                        </tr>`
                      : null
                  }
                  ${endpoints.map(
                    (endpoint) => html`
                      <tr key=${endpoint.id} data-endpoint-id=${endpoint.id}>
                        <th scope="row" class="url"><code>${endpoint.url}</code></th>
                        <td>${endpoint.events.map((type) => html`<code class="scope">${type}</code> `)}</td>
                        <td>
                          <span class=${`status status-${isEnabled(endpoint) ? 'active' : 'revoked'}`}
                            >${isEnabled(endpoint) ? 'Enabled' : 'Disabled'}</span
                          >${endpoint.disabled_reason ? html`<p class="hint">${endpoint.disabled_reason}</p>` : null}
                        </td>
                        <td><${When} iso=${endpoint.created_at} empty="—" /></td>
                        <td class="actions">
                          <button
                            type="button"
                            aria-pressed=${selected === endpoint.id}
                            onClick=${() => setSelected(selected === endpoint.id ? null : endpoint.id)}
                            aria-label=${`Deliveries to ${endpoint.url}`}
                          >
                            Deliveries
                          </button>
                          <button
                            type="button"
                            onClick=${() => setDialog({ kind: 'test', endpoint })}
                            aria-label=${`Send a test event to ${endpoint.url}`}
                          >
                            Send test event
                          </button>
                          <button
                            type="button"
                            onClick=${() => setDialog({ kind: 'rotate', endpoint })}
                            aria-label=${`Rotate the secret of ${endpoint.url}`}
                          >
                            Rotate secret
                          </button>
                          <button
                            type="button"
                            disabled=${act.busy}
                            onClick=${() => toggle(endpoint)}
                            aria-label=${`${isEnabled(endpoint) ? 'Disable' : 'Enable'} ${endpoint.url}`}
                          >
                            ${isEnabled(endpoint) ? 'Disable' : 'Enable'}
                          </button>
                          <button
                            type="button"
                            class="danger"
                            onClick=${() => setDialog({ kind: 'remove', endpoint })}
                            aria-label=${`Remove ${endpoint.url}`}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    `,
                  )}
                </tbody>
              </table>
            </div>
          `
    }
    ${selectedEndpoint ? html`<${Deliveries} endpoint=${selectedEndpoint} onMessage=${setMessage} />` : null}
    <${Dialog} open=${dialog !== null} title=${title} onClose=${() => setDialog(null)}>
      ${
        dialog?.kind === 'add'
          ? html`<${AddEndpointForm}
              environment=${environment}
              eventTypes=${eventTypes}
              onCancel=${() => setDialog(null)}
              onCreated=${(endpoint: Endpoint, secret: string) => {
                setDialog({ kind: 'secret', title: `Signing secret for ${endpoint.url}`, secret });
                setMessage(`Added ${endpoint.url}.`);
                setSelected(endpoint.id);
                void reload();
              }}
            />`
          : null
      }
      ${
        dialog?.kind === 'secret'
          ? html`<${OnceOnlySecret} label="Signing secret" secret=${dialog.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${() => setDialog(null)}>Done</button>
              </div>`
          : null
      }
      ${
        dialog?.kind === 'rotate'
          ? html`<${ConfirmStep}
              text=${`Deliveries to ${dialog.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${() => setDialog(null)}
              onConfirm=${async () => {
                const rotated = await api.rotateEndpointSecret(dialog.endpoint.id);
                setDialog({
                  kind: 'secret',
                  title: `New signing secret for ${rotated.endpoint.url}`,
                  secret: rotated.secret,
                });
              }}
            />`
          : null
      }
      ${
        dialog?.kind === 'remove'
          ? html`<${ConfirmStep}
              text=${`${dialog.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${true}
              onCancel=${() => setDialog(null)}
              onConfirm=${async () => {
                await api.removeEndpoint(dialog.endpoint.id);
                if (selected === dialog.endpoint.id) setSelected(null);
                setDialog(null);
                setMessage(`Removed ${dialog.endpoint.url}.`);
                await reload();
              }}
            />`
          : null
      }
      ${
        dialog?.kind === 'test'
          ? html`<${TestEventForm}
              endpoint=${dialog.endpoint}
              eventTypes=${dialog.endpoint.events.includes('*') ? eventTypes : dialog.endpoint.events}
              onCancel=${() => setDialog(null)}
              onSent=${(type: string) => {
                setDialog(null);
                setSelected(dialog.endpoint.id);
                setMessage(
                  `Sent a test ${type} event to ${dialog.endpoint.url}; it appears under its deliveries.`,
                );
              }}
            />`
          : null
      }
    <//>
  `;
}

function AddEndpointForm({
  environment,
  eventTypes,
  onCancel,
  onCreated,
}: {
  environment: Environment;
  eventTypes: string[];
  onCancel: () => void;
  onCreated: (endpoint: Endpoint, secret: string) => void;
}) {
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const url = String(form.get('url') ?? '').trim();
    const events = form.getAll('events').map(String) as EventType[];
    if (events.length === 0) {
      action.setError('Choose at least one event type.');
      return;
    }
    void action.run(async () => {
      const created = await api.createEndpoint({ environment, url, events });
      onCreated(created.endpoint, created.secret);
    });
  };
  return html`
    <form onSubmit=${submit}>
      <${Notice} error=${action.error} />
      <div class="field">
        <label for="endpoint-url">Endpoint URL</label>
        <input
          id="endpoint-url"
          name="url"
          type="url"
          required
          autocomplete="off"
          placeholder="https://example.com/webhooks"
          autofocus
        />
      </div>
      <fieldset>
        <legend>Events to send</legend>
        ${eventTypes.map(
          (type) =>
            html`<div class="checkbox">
              <input type="checkbox" id=${idFor('event', type)} name="events" value=${type} /><label
                for=${idFor('event', type)}
                ><code>${type}</code></label
              >
            </div>`,
        )}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${onCancel}>Cancel</button>
        <button type="submit" class="primary" disabled=${action.busy}>Add endpoint</button>
      </div>
    </form>
  `;
}

function TestEventForm({
  endpoint,
  eventTypes,
  onCancel,
  onSent,
}: {
  endpoint: Endpoint;
  eventTypes: string[];
  onCancel: () => void;
  onSent: (type: string) => void;
}) {
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const type = String(new FormData(event.currentTarget as HTMLFormElement).get('type') ?? '') as EventType;
    void action.run(async () => {
      await api.sendTestEvent(endpoint.id, type);
      onSent(type);
    });
  };
  return html`
    <form onSubmit=${submit}>
      <p>A sample event is signed and delivered to <code>${endpoint.url}</code> like a real one.</p>
      <${Notice} error=${action.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${eventTypes.map((type) => html`<option value=${type}>${type}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${onCancel}>Cancel</button>
        <button type="submit" class="primary" disabled=${action.busy}>Send test event</button>
      </div>
    </form>
  `;
}

function Deliveries({ endpoint, onMessage }: { endpoint: Endpoint; onMessage: (message: string) => void }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const load = useAction();
  const resend = useAction();
  const refresh = () => load.run(async () => setDeliveries(await api.deliveries(endpoint.id)));
  useEffect(() => {
    void refresh();
  }, [endpoint.id]);
  return html`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${endpoint.url}</code></h2>
        <button type="button" onClick=${refresh} disabled=${load.busy}>Refresh</button>
      </div>
      <${Notice} error=${resend.error ?? load.error} />
      ${
        deliveries === null
          ? html`<p aria-busy="true">Loading deliveries…</p>`
          : html`
              <div class="table-wrap">
                <table class="deliveries-table">
                  <caption class="visually-hidden">
                    Recent deliveries
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="number">Attempts</th>
                      <th scope="col" class="number">Response</th>
                      <th scope="col">Last attempt (UTC)</th>
                      <th scope="col">Next attempt (UTC)</th>
                      <th scope="col"><span class="visually-hidden">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    ${
                      deliveries.length === 0
                        ? html`<tr>
                            <td colspan="7" class="empty">
                              No deliveries yet. Send a test event to try the endpoint.
                            </td>
                          </tr>`
                        : null
                    }
                    ${deliveries.map(
                      (delivery) => html`
                        <tr key=${delivery.id} data-delivery-id=${delivery.id}>
                          <th scope="row">
                            <code>${delivery.event_type}</code>
                            <span class="muted">${delivery.event_id}</span>
                          </th>
                          <td>
                            <span class=${`status delivery-${delivery.status}`}>${delivery.status}</span>
                          </td>
                          <td class="number">${delivery.attempts}</td>
                          <td class="number">${delivery.response_status ?? '—'}</td>
                          <td><${When} iso=${delivery.last_attempt_at} empty="—" /></td>
                          <td><${When} iso=${delivery.next_attempt_at} empty="—" /></td>
                          <td class="actions">
                            <button
                              type="button"
                              disabled=${resend.busy}
                              aria-label=${`Resend ${delivery.event_type} ${delivery.event_id}`}
                              onClick=${() =>
                                resend.run(async () => {
                                  await api.resendEvent(delivery.event_id);
                                  onMessage(`Queued ${delivery.event_id} again.`);
                                  await refresh();
                                })}
                            >
                              Resend
                            </button>
                          </td>
                        </tr>
                      `,
                    )}
                  </tbody>
                </table>
              </div>
            `
      }
    </section>
  `;
}
