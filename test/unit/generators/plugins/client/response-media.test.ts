/**
 * Which declared media type the client reads a success response as: the one closest to its
 * Content-Type (its own type, then `type/*`, then `*\/*`), whatever order the spec declares them
 * in (gerermesaffaires declares `*\/*` before multipart/form-data). No server: Responses in memory.
 */
import { expect, it } from 'vitest';
import {
  successMedia,
  type ResponseMediaSpec,
} from '../../../../../generators/plugins/client/runtime/response.js';

const DECLARED: ResponseMediaSpec[] = [
  { mediaType: 'application/json', kind: 'json' },
  { mediaType: '*/*', kind: 'binary' },
  { mediaType: 'image/*', kind: 'binary' },
  { mediaType: 'multipart/form-data', kind: 'multipart' },
];

const answered = (contentType: string) =>
  successMedia(new Response('', { headers: { 'content-type': contentType } }), DECLARED, undefined, 'GET')
    ?.mediaType;

it.each([
  ['multipart/form-data; boundary=x', 'multipart/form-data'],
  ['Application/JSON; charset=utf-8', 'application/json'],
  ['image/png', 'image/*'],
  ['application/zip', '*/*'],
])('a %s answer is read as %s', (contentType, mediaType) => {
  expect(answered(contentType)).toBe(mediaType);
});
