/**
 * The client's webhook surface, for a spec that declares webhooks: `src/webhooks.ts` with the
 * union of event types (`WebhookEvent`, from openapi-typescript's `webhooks` interface) and the
 * signing facts (`x-webhooks`), and the `webhooks` member of the client class over the
 * hand-written runtime (`runtime/webhooks.ts`).
 */
import type { OptionalKind, PropertyDeclarationStructure } from 'ts-morph';
import type { GeneratedFile } from '../../core/files.js';
import type { Ir, JsonSchema } from '../../core/ir.js';
import { stringLiteral } from '../../core/naming.js';
import { sdkShape } from '../../sdk-shape/index.js';

/** Example: `export type WebhookEvent = NonNullable<webhooks['a.b']['post']['requestBody']>['content'][...] | ...;` */
export function webhooksFile(ir: Ir): GeneratedFile | undefined {
  const hooks = ir.webhooks;
  if (!hooks || hooks.events.length === 0) return undefined;
  const body = (name: string) =>
    `NonNullable<webhooks[${stringLiteral(name)}]['post']['requestBody']>['content']`;
  const union = hooks.events.map((event) => `  | ${body(event.name)}[keyof ${body(event.name)}]`).join('\n');
  const config = {
    headers: hooks.headers,
    secretPrefix: hooks.secretPrefix,
    toleranceSeconds: hooks.toleranceSeconds,
    secretEnv: `${sdkShape(ir).names.envPrefix}_WEBHOOK_SECRET`,
    eventTypes: hooks.events.map((event) => event.name),
    typeField: hooks.events.every((event) => declaresType(ir, event.schema, event.name)) ? 'type' : null,
  };
  return {
    path: 'client/src/webhooks.ts',
    content: [
      "import type { WebhookConfig } from './core/index.js';",
      "import type { webhooks } from './schema.js';",
      '',
      `/** Every event the API sends to webhook endpoints${config.typeField ? '; narrow it by `type`' : ''}. */`,
      `export type WebhookEvent =\n${union};`,
      '',
      "/** How deliveries are signed (the spec's `x-webhooks`) and which event types exist. */",
      `export const WEBHOOK_CONFIG: WebhookConfig = ${JSON.stringify(config, null, 2)};`,
      '',
    ].join('\n'),
  };
}

/** Whether the event schema fixes `type` to the event's name (`type: {const: name}`, possibly inside allOf). */
function declaresType(ir: Ir, schema: JsonSchema, name: string, depth = 0): boolean {
  const resolved = ir.model.deref(schema) as Record<string, Record<string, unknown> | undefined> | undefined;
  if (!resolved || typeof resolved !== 'object' || depth > 8) return false;
  const type = ir.model.deref(resolved.properties?.type) as Record<string, unknown> | undefined;
  if (type?.const === name || (Array.isArray(type?.enum) && type.enum.length === 1 && type.enum[0] === name))
    return true;
  return (
    Array.isArray(resolved.allOf) &&
    resolved.allOf.some((member: JsonSchema) => declaresType(ir, member, name, depth + 1))
  );
}

/** Example: `readonly webhooks = new Webhooks<WebhookEvent>(WEBHOOK_CONFIG, undefined, this._logger);` (none when a resource is already called `webhooks`). */
export function webhooksProperty(
  ir: Ir,
  taken: string[],
): OptionalKind<PropertyDeclarationStructure> | undefined {
  if (!ir.webhooks || ir.webhooks.events.length === 0 || taken.includes('webhooks')) return undefined;
  return {
    name: 'webhooks',
    isReadonly: true,
    docs: ['Verifies and parses webhook deliveries: `await client.webhooks.unwrap(rawBody, headers)`.'],
    initializer: 'new Webhooks<WebhookEvent>(WEBHOOK_CONFIG, undefined, this._logger)',
  };
}
