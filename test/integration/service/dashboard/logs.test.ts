/**
 * The service as `npm run serve` runs it, request logs on: a dashboard journey (sign up, create,
 * rotate and use a key, then paste it into URLs) leaves no raw key, session token, CSRF token or
 * password in its output.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { binPath, freePort, startProcess, waitForHttp } from '../../../../scripts/lib/processes.js';

it('logs requests without any credential the dashboard hands out or receives', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dashboard-logs-'));
  const port = await freePort();
  const server = startProcess(binPath('tsx'), ['service/server.ts'], {
    env: { DATABASE_PATH: path.join(dir, 'service.db'), DATABASE_URL: '', PORT: String(port), LOG: 'on' },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/v1/health`, server);
    const password = 'a long and secret passphrase';
    const signup = await fetch(`${base}/dashboard/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'logs@example.com', password }),
    });
    expect(signup.status).toBe(201);
    const token = /dashboard_session=([^;]+)/.exec(signup.headers.get('set-cookie')!)![1];
    const { csrf_token: csrf } = (await signup.json()) as { csrf_token: string };
    const headers = {
      'content-type': 'application/json',
      origin: base,
      cookie: `dashboard_session=${token}`,
      'x-csrf-token': csrf,
    };
    const created = (await (
      await fetch(`${base}/dashboard/api/keys`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'logged?', type: 'sk', environment: 'test', scopes: ['nature:read'] }),
      })
    ).json()) as { key: { id: string }; secret: string };
    const rotateResponse = await fetch(`${base}/dashboard/api/keys/${created.key.id}/rotate`, {
      method: 'POST',
      headers: { origin: base, cookie: headers.cookie, 'x-csrf-token': csrf },
    });
    const rotated = (await rotateResponse.json()) as { secret: string };
    expect(rotateResponse.status, JSON.stringify(rotated)).toBe(200);
    expect(
      (await fetch(`${base}/v1/nature/subjects`, { headers: { authorization: `Bearer ${rotated.secret}` } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${base}/v1/nature/subjects`, { headers: { authorization: `Bearer ${created.secret}` } }))
        .status,
    ).toBe(401);
    // A client's mistake: the key pasted into the URL, as a query parameter and as a path segment. Before, the URL was logged as sent.
    expect((await fetch(`${base}/v1/nature/subjects?api_key=${rotated.secret}`)).status).toBe(401);
    expect(
      (
        await fetch(`${base}/v1/nature/subjects/${rotated.secret}`, {
          headers: { authorization: `Bearer ${rotated.secret}` },
        })
      ).status,
    ).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the last log lines flush
    const output = server.output();
    expect(output).toContain('/dashboard/api/keys'); // the requests were logged
    expect(output).toContain('/v1/nature/subjects?api_key=test_sk_…'); // the URL with the key cut to its prefix
    expect(output).toContain('/v1/nature/subjects/test_sk_…');
    for (const secret of [created.secret, rotated.secret, token, csrf, password])
      expect(output).not.toContain(secret);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
