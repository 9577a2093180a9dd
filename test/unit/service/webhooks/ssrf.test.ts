/**
 * Endpoint addresses (SSRF): what a test or live webhook endpoint may point at, decided from the
 * URL and the addresses its host resolves to (localhost only: no network).
 */
import { describe, expect, it } from 'vitest';
import { addressRefusal, checkEndpointUrl } from '../../../../service/webhooks/ssrf.js';

describe('endpoint addresses (SSRF)', () => {
  it.each([
    ['live', 'http://example.com/hook', /must use https/],
    ['live', 'https://127.0.0.1/hook', /loopback/],
    ['live', 'https://localhost/hook', /localhost resolves to a refused address/],
    ['live', 'https://[::1]/hook', /loopback/],
    ['live', 'https://10.1.2.3/hook', /private/],
    ['live', 'https://172.20.0.1/hook', /private/],
    ['live', 'https://192.168.1.1/hook', /private/],
    ['live', 'https://169.254.169.254/latest/meta-data', /metadata/],
    ['live', 'https://[fd00:ec2::254]/', /private/],
    ['live', 'https://[::ffff:127.0.0.1]/', /loopback/],
    ['live', 'https://[::ffff:a9fe:a9fe]/', /metadata/],
    ['live', 'https://100.64.0.1/', /private/],
    ['live', 'https://0.0.0.0/', /private/],
    ['live', 'https://user:pass@example.com/', /credentials/],
    ['test', 'http://10.0.0.1/hook', /private/],
    ['test', 'http://169.254.169.254/', /metadata/],
    ['test', 'ftp://127.0.0.1/', /http \(test only\) or https/],
    ['test', 'not a url', /not a URL/],
  ] as const)('refuses a %s endpoint at %s', async (environment, url, reason) => {
    await expect(checkEndpointUrl(url, environment)).rejects.toThrow(reason);
  });

  it('allows http://127.0.0.1 for test endpoints and public addresses for live ones', async () => {
    await expect(checkEndpointUrl('http://127.0.0.1:4000/hooks', 'test')).resolves.toBeInstanceOf(URL);
    expect(addressRefusal('93.184.215.14', 'live')).toBeUndefined();
    expect(addressRefusal('2606:2800:21f:cb07:6820:80da:af6b:8b2c', 'live')).toBeUndefined();
  });
});
