/**
 * How a request is refused when its operation is not known (the stubs' runtime, unrouted.ts): as
 * every operation refuses, when they all refuse alike, the same status and the same error template
 * (formapi's every operation refuses with 422 in one schema); else as no operation (400, the
 * document's template).
 */
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../../../../generators/plugins/server/runtime/route-spec.js';
import { commonRefusal } from '../../../../../generators/plugins/server/runtime/unrouted.js';

const route = (refusalStatus: number | undefined, errorResponses?: Record<string, number>) =>
  ({
    ...(refusalStatus ? { refusalStatus } : {}),
    ...(errorResponses ? { errorResponses } : {}),
  }) as RouteSpec;

describe('commonRefusal', () => {
  it.each([
    {
      given: 'every operation refuses with 422 in one template',
      routes: [route(422, { '404': 0, '422': 1 }), route(422, { '422': 1 })],
      want: { refusalStatus: 422, errorResponses: { '422': 1 } },
    },
    {
      given: 'one through its range, one exactly, the same template',
      routes: [route(422, { '4xx': 2 }), route(422, { '422': 2 })],
      want: { refusalStatus: 422, errorResponses: { '422': 2 } },
    },
    {
      given: 'every operation refuses with 400 in one template',
      routes: [route(undefined, { '400': 0 }), route(undefined, { default: 0 })],
      want: { errorResponses: { '400': 0 } },
    },
    {
      given: 'every operation refuses with 400, none documenting a template',
      routes: [route(undefined), route(undefined)],
      want: {},
    },
    {
      given: 'one refuses with 422, another with 400',
      routes: [route(422, { '422': 1 }), route(undefined, { '400': 0 })],
      want: undefined,
    },
    {
      given: 'both refuse with 422, in two templates',
      routes: [route(422, { '422': 1 }), route(422, { '422': 3 })],
      want: undefined,
    },
    { given: 'no operation', routes: [], want: undefined },
  ])('$given', ({ routes, want }) => {
    expect(commonRefusal(routes)).toEqual(want);
  });
});
