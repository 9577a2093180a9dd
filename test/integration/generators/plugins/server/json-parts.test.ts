/**
 * A JSON part of a multipart body, or a JSON field of a form body (issue 43: mist's map import,
 * whose `json` part's flags have defaults): its text carries its types, so the stubs validate it as
 * they validate a JSON body, not with the fields' coercing validator, which turned "5" into 5 and
 * wrote defaults into what the client left out. The text fields beside it still coerce. Generates
 * the fixture's stubs; answers through Fastify's inject (no socket).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStubs, type FixtureStubs } from '../../../../support/fixture-stubs.js';

const SPEC = 'test/fixtures/kinds/json-parts-3.0.yaml';
let stubs: FixtureStubs;

beforeAll(async () => {
  stubs = await fixtureStubs(SPEC, {
    handlers: {
      createImport: async (
        request: { body: Record<string, unknown> },
        reply: { code: (status: number) => void },
      ) => {
        reply.code(201);
        const { file: _file, ...fields } = request.body;
        return { body: fields };
      },
    },
  });
  await stubs.app.ready();
}, 60_000);
afterAll(async () => {
  await stubs?.close();
});

const BOUNDARY = 'json-parts-boundary';
function multipart(fields: Record<string, { text: string; type?: string }>): string {
  const parts = Object.entries(fields).map(
    ([name, field]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n${field.type ? `Content-Type: ${field.type}\r\n` : ''}\r\n${field.text}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

async function send(kind: 'multipart' | 'form', fields: Record<string, string>) {
  const answer = await stubs.app.inject({
    method: 'POST',
    url: '/imports',
    headers: {
      'content-type':
        kind === 'multipart'
          ? `multipart/form-data; boundary=${BOUNDARY}`
          : 'application/x-www-form-urlencoded',
    },
    payload:
      kind === 'multipart'
        ? multipart(
            Object.fromEntries(
              Object.entries(fields).map(([name, text]) => [
                name,
                { text, ...(name === 'json' ? { type: 'application/json' } : {}) },
              ]),
            ),
          )
        : new URLSearchParams(fields).toString(),
  });
  return { status: answer.statusCode, body: answer.json() };
}

describe.each(['multipart', 'form'] as const)('a JSON %s part', (kind) => {
  it('reaches the handler as sent: no default written into it, text fields still coerced', async () => {
    const answer = await send(kind, { json: '{"vendor":"ekahau"}', count: '3' });
    expect(answer).toEqual({ status: 201, body: { body: { json: { vendor: 'ekahau' }, count: 3 } } });
  });

  it('is refused when its JSON has a string where the schema wants an integer, naming the property', async () => {
    const answer = await send(kind, { json: '{"vendor":"ekahau","floors":"5"}' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/floors/);
  });

  it('is refused when its JSON leaves out a required property, as a JSON body would be', async () => {
    const answer = await send(kind, { json: '{"height":false}' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/vendor/);
  });
});
