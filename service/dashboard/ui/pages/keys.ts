/** API keys: the table, create (scopes from the public spec's x-scopes), the secret once, rotate, revoke. */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Environment, type Key, type Scope } from '../api.js';

/** A key's name for people: it may have none. */
const nameOf = (key: Key) => key.name ?? 'Unnamed key';

type ScopeName = Parameters<typeof api.createKey>[0]['scopes'][number];
import { Dialog, idFor, modeName, Notice, OnceOnlySecret, useAction, When } from '../components.js';

type DialogState =
  | { kind: 'create' }
  | { kind: 'secret'; title: string; secret: string }
  | { kind: 'rotate'; key: Key }
  | { kind: 'revoke'; key: Key }
  | null;

export function KeysPage({ environment }: { environment: Environment }) {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = useAction();

  const reload = () => load.run(async () => setKeys(await api.keys(environment)));
  useEffect(() => {
    void load.run(async () => {
      const [list, available] = await Promise.all([api.keys(environment), api.scopes()]);
      setKeys(list);
      setScopes(available);
    });
  }, [environment]);

  const title =
    dialog?.kind === 'create'
      ? `Create a ${environment} key`
      : dialog?.kind === 'secret'
        ? dialog.title
        : dialog?.kind === 'rotate'
          ? `Rotate ${nameOf(dialog.key)}?`
          : dialog?.kind === 'revoke'
            ? `Revoke ${nameOf(dialog.key)}?`
            : '';

  return html`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${environment}`}>${modeName(environment)}</span></h1>
      <button type="button" class="primary" onClick=${() => setDialog({ kind: 'create' })}>Create key</button>
    </div>
    <p class="lead">
      Keys for the ${environment} environment. Secret keys (<code>${environment}_sk_</code>) belong on your
      server; publishable keys (<code>${environment}_pk_</code>) may ship in a browser.
    </p>
    <${Notice} error=${load.error} message=${message} />
    ${
      keys === null
        ? html`<p aria-busy="true">Loading keys…</p>`
        : html`
            <div class="table-wrap">
              <table class="keys">
                <caption class="visually-hidden">
                  ${modeName(environment)} API keys
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Environment</th>
                    <th scope="col">Key</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Created (UTC)</th>
                    <th scope="col">Last used (UTC)</th>
                    <th scope="col">Status</th>
                    <th scope="col"><span class="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${
                    keys.length === 0
                      ? html`<tr>
                          <td colspan="9" class="empty">
                            No ${environment} keys yet. Create one to call the API.
                          </td>
                        </tr>`
                      : null
                  }
                  ${keys.map(
                    (key) => html`
                      <tr key=${key.id} data-key-id=${key.id}>
                        <th scope="row" class="name">${nameOf(key)}</th>
                        <td>${key.type === 'sk' ? 'Secret' : 'Publishable'}</td>
                        <td>${key.environment}</td>
                        <td><code class="redacted">${key.redacted}</code></td>
                        <td>${key.scopes.map((scope) => html`<code class="scope">${scope}</code> `)}</td>
                        <td><${When} iso=${key.created_at} /></td>
                        <td><${When} iso=${key.last_used_at} /></td>
                        <td>
                          <span class=${`status status-${key.status}`}
                            >${key.status === 'active' ? 'Active' : 'Revoked'}</span
                          >
                        </td>
                        <td class="actions">
                          ${
                            key.status === 'active'
                              ? html`
                                  <button
                                    type="button"
                                    onClick=${() => setDialog({ kind: 'rotate', key })}
                                    aria-label=${`Rotate ${nameOf(key)}`}
                                  >
                                    Rotate
                                  </button>
                                  <button
                                    type="button"
                                    class="danger"
                                    onClick=${() => setDialog({ kind: 'revoke', key })}
                                    aria-label=${`Revoke ${nameOf(key)}`}
                                  >
                                    Revoke
                                  </button>
                                `
                              : null
                          }
                        </td>
                      </tr>
                    `,
                  )}
                </tbody>
              </table>
            </div>
          `
    }
    <${Dialog} open=${dialog !== null} title=${title} onClose=${() => setDialog(null)}>
      ${
        dialog?.kind === 'create'
          ? html`<${CreateKeyForm}
              environment=${environment}
              scopes=${scopes}
              onCancel=${() => setDialog(null)}
              onCreated=${(secret: string, name: string) => {
                setDialog({ kind: 'secret', title: `Your new key ${name}`, secret });
                setMessage(`Created the key ${name}.`);
                void reload();
              }}
            />`
          : null
      }
      ${dialog?.kind === 'secret' ? html`<${SecretStep} secret=${dialog.secret} onDone=${() => setDialog(null)} />` : null}
      ${
        dialog?.kind === 'rotate'
          ? html`<${ConfirmStep}
              text=${`The current key ${dialog.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${() => setDialog(null)}
              onConfirm=${async () => {
                const rotated = await api.rotateKey(dialog.key.id);
                setDialog({
                  kind: 'secret',
                  title: `The new key for ${nameOf(rotated.key)}`,
                  secret: rotated.secret,
                });
                setMessage(`Rotated the key ${nameOf(rotated.key)}; the old key no longer works.`);
                void reload();
              }}
            />`
          : null
      }
      ${
        dialog?.kind === 'revoke'
          ? html`<${ConfirmStep}
              text=${`Requests with ${dialog.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${true}
              onCancel=${() => setDialog(null)}
              onConfirm=${async () => {
                const revoked = await api.revokeKey(dialog.key.id);
                setDialog(null);
                setMessage(`Revoked the key ${nameOf(revoked)}.`);
                void reload();
              }}
            />`
          : null
      }
    <//>
  `;
}

function CreateKeyForm({
  environment,
  scopes,
  onCancel,
  onCreated,
}: {
  environment: Environment;
  scopes: Scope[];
  onCancel: () => void;
  onCreated: (secret: string, name: string) => void;
}) {
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(form.get('name') ?? '').trim();
    const type = form.get('type') === 'pk' ? 'pk' : 'sk';
    const chosen = form.getAll('scopes').map(String) as ScopeName[];
    if (chosen.length === 0) {
      action.setError('Choose at least one scope.');
      return;
    }
    void action.run(async () => {
      const created = await api.createKey({ name, type, environment, scopes: chosen });
      onCreated(created.secret, nameOf(created.key));
    });
  };
  return html`
    <form onSubmit=${submit} novalidate=${false}>
      <${Notice} error=${action.error} />
      <div class="field">
        <label for="key-name">Name</label>
        <input
          id="key-name"
          name="name"
          required
          maxlength="100"
          autocomplete="off"
          aria-describedby="key-name-hint"
          autofocus
        />
        <p id="key-name-hint" class="hint">Say where it is used, e.g. "nightly import".</p>
      </div>
      <fieldset>
        <legend>Type</legend>
        <label
          ><input type="radio" name="type" value="sk" checked /> Secret key (<code>${environment}_sk_</code>):
          for your server</label
        >
        <label
          ><input type="radio" name="type" value="pk" /> Publishable key (<code>${environment}_pk_</code>):
          safe in a browser</label
        >
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        ${scopes.map(
          (scope) => html`
            <div class="checkbox">
              <input
                type="checkbox"
                id=${idFor('scope', scope.scope)}
                name="scopes"
                value=${scope.scope}
                disabled=${!scope.mintable}
                aria-describedby=${idFor('scope-about', scope.scope)}
              />
              <label for=${idFor('scope', scope.scope)}><code>${scope.scope}</code></label>
              <span id=${idFor('scope-about', scope.scope)} class="hint"
                >${scope.description}${scope.mintable ? '' : ' (available when the product launches)'}</span
              >
            </div>
          `,
        )}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${onCancel}>Cancel</button>
        <button type="submit" class="primary" disabled=${action.busy}>Create key</button>
      </div>
    </form>
  `;
}

function SecretStep({ secret, onDone }: { secret: string; onDone: () => void }) {
  return html`
    <${OnceOnlySecret} label="API key" secret=${secret} />
    <div class="buttons"><button type="button" class="primary" onClick=${onDone}>Done</button></div>
  `;
}

export function ConfirmStep({
  text,
  confirm,
  danger = false,
  onCancel,
  onConfirm,
}: {
  text: string;
  confirm: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const action = useAction();
  return html`
    <p>${text}</p>
    <${Notice} error=${action.error} />
    <div class="buttons">
      <button type="button" onClick=${onCancel} autofocus>Cancel</button>
      <button
        type="button"
        class=${danger ? 'danger' : 'primary'}
        disabled=${action.busy}
        onClick=${() => action.run(onConfirm)}
      >
        ${confirm}
      </button>
    </div>
  `;
}
