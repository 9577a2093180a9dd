/** The Python SDK (python/): standard library only, sync and asyncio clients over a hand-written runtime. */
import { definePlugin } from '../../plugin.js';
import { emitPython, PYTHON_ROOT } from './emit.js';

export default definePlugin({
  name: 'python',
  description: 'The Python SDK (python/): sync and asyncio clients, TypedDicts, paging, uploads, streams',
  root: PYTHON_ROOT,
  proves: 'the round trip in Python (check:roundtrip) and pyright strict on its README blocks',
  generate({ ir }) {
    return { files: emitPython(ir) };
  },
});
