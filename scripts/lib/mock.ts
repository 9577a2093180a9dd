/** The Prism mock: serves a generated mock document (the spec without authentication). */
import path from 'node:path';
import { binPath, listeningUrl, startProcess, waitForHttp, type RunningProcess } from './processes.js';

/** The mock document of the project's first output folder, generated/ (here spec/openapi.yaml's). */
export const MOCK_SPEC = path.resolve('generated', 'mock', 'openapi.json');

export interface RunningMock extends RunningProcess {
  url: string;
}

/** Prism's start line, `Prism is listening on http://127.0.0.1:44761` (coloured in a terminal). */
export const PRISM_LISTENING = /is listening on (http:\/\/[^\s\x1b]+)/;

/** Port 0 (not with `inherit`): the kernel chooses, and the address is read from Prism's start line. */
export async function startMock(
  port: number,
  host = '127.0.0.1',
  options: { inherit?: boolean; specFile?: string } = {},
): Promise<RunningMock> {
  const running = startProcess(
    binPath('prism'),
    ['mock', options.specFile ?? MOCK_SPEC, '--host', host, '--port', String(port)],
    options,
  );
  try {
    const url = port === 0 ? await listeningUrl(running, PRISM_LISTENING) : `http://${host}:${port}`;
    await waitForHttp(`${url}/v1/health`, running);
    return { ...running, url };
  } catch (error) {
    await running.stop();
    throw error;
  }
}
