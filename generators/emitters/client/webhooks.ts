/**
 * The client's webhook surface, for a spec that declares webhooks: `src/webhooks.ts` with the
 * union of event types (`WebhookEvent`, from openapi-typescript's `webhooks` interface) and the
 * signing facts (`x-webhooks`), and the `webhooks` member of the client class over the
 * hand-written runtime (`runtime/webhooks.ts`).
 */
import type { OptionalKind, PropertyDeclarationStructure } from 'ts-morph';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';

/** Example: `export type WebhookEvent = NonNullable<webhooks['a.b']['post']['requestBody']>['content'][...] | ...;` */
export function webhooksFile(ir: Ir): GeneratedFile | undefined {
  const hooks = ir.webhooks;
  if (!hooks || hooks.events.length === 0) return undefined;
  const body = (name: string) => `NonNullable<webhooks[${stringLiteral(name)}]['post']['requestBody']>['content']`;
  const union = hooks.events.map((event) => `  | ${body(event.name)}[keyof ${body(event.name)}]`).join('\n');
  const config = {
    headers: hooks.headers,
    secretPrefix: hooks.secretPrefix,
    toleranceSeconds: hooks.toleranceSeconds,
    secretEnv: `${ir.conventions.envPrefix}_WEBHOOK_SECRET`,
    eventTypes: hooks.events.map((event) => event.name),
  };
  return {
    path: 'client/src/webhooks.ts',
    content: [
      "import type { WebhookConfig } from './core/index.js';",
      "import type { webhooks } from './schema.js';",
      '',
      '/** Every event the API sends to webhook endpoints; narrow it by `type`. */',
      `export type WebhookEvent =\n${union};`,
      '',
      '/** How deliveries are signed (the spec\'s `x-webhooks`) and which event types exist. */',
      `export const WEBHOOK_CONFIG: WebhookConfig = ${JSON.stringify(config, null, 2)};`,
      '',
    ].join('\n'),
  };
}

/** Example: `readonly webhooks = new Webhooks<WebhookEvent>(WEBHOOK_CONFIG);` (none when a resource is already called `webhooks`). */
export function webhooksProperty(ir: Ir, taken: string[]): OptionalKind<PropertyDeclarationStructure> | undefined {
  if (!ir.webhooks || ir.webhooks.events.length === 0 || taken.includes('webhooks')) return undefined;
  return {
    name: 'webhooks',
    isReadonly: true,
    docs: ['Verifies and parses webhook deliveries: `await client.webhooks.unwrap(rawBody, headers)`.'],
    initializer: 'new Webhooks<WebhookEvent>(WEBHOOK_CONFIG)',
  };
}
