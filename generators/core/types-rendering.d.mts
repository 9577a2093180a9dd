/** Types of types-rendering.mjs (plain JavaScript, for the types' worker thread), for tests. */
import type { StreamSchema } from './document-worker.js';

/** What a rendering keeps for the next one (opaque). */
export type TypesRenderingState = object & { readonly __typesRendering?: never };

export declare function renderTypesIncrementally(
  job: { document: unknown; streamSchemas: StreamSchema[] },
  previous: TypesRenderingState | undefined,
): Promise<{
  text: string;
  state?: TypesRenderingState;
  stats?: { units: number; rendered: string[] };
}>;

/** openapi-typescript's text with its `WithRequired` helper mended for a nullable schema. */
export declare function withMendedHelpers(text: string): string;

/** openapiTS's statements with no property declared twice in one object type (openapi-typescript's discriminator beside a declared one). */
export declare function withMendedNodes<T>(nodes: T[]): T[];
