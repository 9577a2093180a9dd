/**
 * Which declared media type the client reads a success response as: the one the call asked for
 * when the answer is one (the call's result type is that type's), else the one closest to its
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

const answered = (contentType: string, asked?: ResponseMediaSpec) =>
  successMedia(new Response('', { headers: { 'content-type': contentType } }), DECLARED, asked, 'GET')
    ?.mediaType;

it.each([
  ['multipart/form-data; boundary=x', 'multipart/form-data'],
  ['Application/JSON; charset=utf-8', 'application/json'],
  ['image/png', 'image/*'],
  ['application/zip', '*/*'],
])('a %s answer is read as %s', (contentType, mediaType) => {
  expect(answered(contentType)).toBe(mediaType);
});

it('reads an answer of the type asked for as that type, though a closer one is declared', () => {
  const svg: ResponseMediaSpec[] = [
    { mediaType: 'image/*', kind: 'binary' },
    { mediaType: 'image/svg+xml', kind: 'text' },
  ];
  const read = (asked: ResponseMediaSpec) =>
    successMedia(new Response('', { headers: { 'content-type': 'image/svg+xml' } }), svg, asked, 'GET')
      ?.mediaType;
  expect(read(svg[0])).toBe('image/*');
  expect(read(svg[1])).toBe('image/svg+xml');
  expect(answered('multipart/form-data; boundary=x', DECLARED[0])).toBe('multipart/form-data');
});
