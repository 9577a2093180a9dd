/** The Prism mock: serves generated/mock/openapi.json (the spec without authentication). */
import path from 'node:path';
import { ROOT } from './lint.js';
import { binPath, startProcess, waitForHttp, type RunningProcess } from './processes.js';

export const MOCK_SPEC = path.join(ROOT, 'generated', 'mock', 'openapi.json');

export interface RunningMock extends RunningProcess {
  url: string;
}

export async function startMock(port: number, host = '127.0.0.1', options: { inherit?: boolean; specFile?: string } = {}): Promise<RunningMock> {
  const running = startProcess(binPath('prism'), ['mock', options.specFile ?? MOCK_SPEC, '--host', host, '--port', String(port)], options);
  const url = `http://${host}:${port}`;
  await waitForHttp(`${url}/v1/health`, running);
  return { ...running, url };
}
