/**
 * This repository's steps beside the toolkit's commands (see home.ts): the dashboard's UI bundle
 * and the reference service. Not part of the contract-kit package.
 */
import path from 'node:path';
import { startServiceTarget } from './contract.js';
import { checkDashboardUi, DASHBOARD_UI_DIR, writeDashboardUi } from './dashboard-ui.js';
import { binPath } from './processes.js';
import type { HomeSteps } from './home.js';

export const HOME_STEPS: HomeSteps = {
  async afterGenerate(out) {
    const started = performance.now();
    const ui = await writeDashboardUi(out);
    return `dashboard UI -> ${path.join(out, DASHBOARD_UI_DIR)}/: ${ui.files} file(s), ${ui.written.length} written (${Math.round(performance.now() - started)} ms)`;
  },
  extraOutputs: [`${DASHBOARD_UI_DIR}/`],
  async checkGenerated(out) {
    const folder = path.join(out, DASHBOARD_UI_DIR);
    return {
      problems: await checkDashboardUi(out),
      ok: `check:generated: ${folder}/ matches service/dashboard/ui/`,
      fix: `check:generated: ${folder}/ does not match service/dashboard/ui/. Run \`npm run generate\` and commit.`,
    };
  },
  async serviceHandlers() {
    const { createHandlers } = await import('../../service/handlers.js');
    // Building the map touches none of its dependencies: only its keys are wanted here.
    return new Set(Object.keys(createHandlers({} as Parameters<typeof createHandlers>[0])));
  },
  serviceCommand: [binPath('tsx'), 'service/server.ts'],
  async startService() {
    const target = await startServiceTarget();
    return { env: target.env, stop: () => target.server.stop() };
  },
};
