/** The Python SDK (python/): standard library only, sync and asyncio clients over a hand-written runtime. */
import { definePlugin } from '../../plugin.js';
import { emitPython, PYTHON_ROOT } from './emit.js';
import { PYTHON_OPTIONS, type PythonPluginOptions } from './options.js';
import { planPython, type PythonPlan } from './plan.js';

export interface PythonExports {
  /** The package's import name, classes, resources and every method's arguments, as the package has them (the round trip calls through it). */
  plan: PythonPlan;
}

export default definePlugin<PythonPluginOptions, PythonExports>({
  name: 'python',
  description: 'The Python SDK (python/): sync and asyncio clients, TypedDicts, paging, uploads, streams',
  root: PYTHON_ROOT,
  options: PYTHON_OPTIONS,
  proves: 'the round trip in Python (check:roundtrip) and pyright strict on its README blocks',
  generate({ ir, options }) {
    const plan = planPython(ir, options);
    return { exports: { plan }, files: emitPython(ir, plan) };
  },
});
