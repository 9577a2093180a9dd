/**
 * Which received headers the round trip leaves to the HTTP client (scripts/lib/roundtrip/server.ts):
 * those the case did not send that the client writes by itself; a header the case sent is always
 * compared, so an SDK that drops or replaces the caller's User-Agent is still caught. Starts no process.
 */
import { expect, it } from 'vitest';
import { writtenByClient } from '../../../scripts/lib/roundtrip/server.js';

it('leaves to the client only the headers the case did not send that a client writes by itself', () => {
  expect([...writtenByClient({ 'user-agent': 'sdk/1', 'accept-language': '*', 'x-trace': 'a' }, {})]).toEqual(
    ['user-agent', 'accept-language'],
  );
  // The caller gave them: compared, whatever arrives.
  expect(
    writtenByClient(
      { 'user-agent': 'sdk/1', 'accept-language': '*' },
      { 'user-agent': 'x', 'accept-language': 'en' },
    ).size,
  ).toBe(0);
  // A value that is not the client's own default is the SDK's doing: compared.
  expect(writtenByClient({ 'accept-language': 'fr' }, {}).size).toBe(0);
});
