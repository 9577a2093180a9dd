/**
 * The TypeScript client package (client/): a Stainless-shaped SDK over a hand-written runtime
 * (runtime/, copied into `src/core/`), with openapi-typescript's types embedded.
 */
import { definePlugin } from '../../plugin.js';
import { sdkShape } from '../../sdk-shape/index.js';
import type { TypesExports } from '../types/index.js';
import { emitClient } from './emit.js';
import { CLIENT_OPTIONS, type ClientPluginOptions } from './options.js';
import { clientEnvironment, planClient, propertyPaths, type ClientPlan } from './plan.js';

export type { ClientPlan };

export interface ClientExports {
  /** The npm package's name, e.g. "assessment-service-client". */
  packageName: string;
  /** Every operation's method (`plan.operations[i].shape.resource` + `methodName`), resource classes and type names, as the package exports them. */
  plan: ClientPlan;
  /** The package's version (its package.json's), for packages that depend on it. */
  version: string;
  /** The environment variables the client reads its key and base URL from when its options do not say. */
  environment: { apiKey: string; baseUrl: string };
  /** The property names from the client to a resource's object (`metaResource` where the client has a member `meta`). */
  propertyPath: (resource: string[]) => string[];
}

export default definePlugin<ClientPluginOptions, ClientExports>({
  name: 'client',
  description: 'The TypeScript client package (client/): retries, paging, uploads, streams, webhooks',
  dependencies: ['types'],
  options: CLIENT_OPTIONS,
  proves:
    'the round trip (check:roundtrip: what it sends arrives decoded as sent) and the strict typecheck of its README blocks',
  generate({ ir, dependency, options }) {
    const { rendered } = dependency('types') as TypesExports;
    return {
      exports: {
        packageName: sdkShape(ir).names.packageName,
        plan: planClient(ir),
        version: ir.info.version,
        environment: clientEnvironment(sdkShape(ir).names.envPrefix),
        propertyPath: propertyPaths(planClient(ir).root),
      },
      files: emitClient(ir, rendered, options),
    };
  },
});
