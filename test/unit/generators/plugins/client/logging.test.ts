/**
 * The client runtime's logging helpers (generators/plugins/client/runtime/logging.ts, as
 * generated): level names, header and URL redaction, the level gate. The client's use of them on
 * the wire is test/integration/generators/plugins/client/production.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  LevelLogger,
  parseLogLevel,
  redactHeaders,
  redactUrl,
} from '../../../../../generated/client/src/core/logging.js';
import { ClientError } from '../../../../../generated/client/src/index.js';

describe('log levels', () => {
  it('reads names in any case and blanks as unset, and refuses others naming their source', () => {
    expect(parseLogLevel(' Debug ', 'X')).toBe('debug');
    expect(parseLogLevel('off', 'X')).toBe('off');
    expect(parseLogLevel('', 'X')).toBeUndefined();
    expect(parseLogLevel(undefined, 'X')).toBeUndefined();
    expect(() => parseLogLevel('trace', 'The FOO_LOG environment variable')).toThrow(
      new ClientError(
        'The FOO_LOG environment variable is "trace"; expected one of debug, info, warn, error, off.',
      ),
    );
  });

  it('passes a line on only at or above the level', () => {
    const seen: string[] = [];
    const record = (message: string) => void seen.push(message);
    const logger = new LevelLogger('warn', { debug: record, info: record, warn: record, error: record });
    logger.log('debug', 'd');
    logger.log('info', 'i');
    logger.log('warn', 'w');
    logger.log('error', 'e');
    expect(seen).toEqual(['w', 'e']);
    expect(
      new LevelLogger('off', { debug: record, info: record, warn: record, error: record }).enabled('error'),
    ).toBe(false);
  });
});

describe('redaction', () => {
  it('blanks credential headers in any case, and the extra names it is given', () => {
    expect(
      redactHeaders(
        {
          Authorization: 'Bearer k',
          COOKIE: 'a=b',
          'set-cookie': 'c',
          'x-api-key': 'k',
          'x-custom-key': 'k',
          accept: 'application/json',
        },
        ['X-Custom-Key'],
      ),
    ).toEqual({
      Authorization: '[redacted]',
      COOKIE: '[redacted]',
      'set-cookie': '[redacted]',
      'x-api-key': '[redacted]',
      'x-custom-key': '[redacted]',
      accept: 'application/json',
    });
  });

  it('blanks the named query parameters, encoded names included, and nothing else', () => {
    expect(redactUrl('https://h/p?a=1&api%20key=s3cret&b=api%20key', ['api key'])).toBe(
      'https://h/p?a=1&api%20key=[redacted]&b=api%20key',
    );
    expect(redactUrl('https://h/p?key=1&key=2', ['key'])).toBe('https://h/p?key=[redacted]&key=[redacted]');
    expect(redactUrl('https://h/p', ['key'])).toBe('https://h/p');
  });
});
