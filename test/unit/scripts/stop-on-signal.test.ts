/**
 * `stopOnSignal` (scripts/lib/processes.ts), which `npm run mock` and `npm start` stop by: a signal
 * that comes while their tools start must stop them once started, never end the process and leave
 * Prism (a process group of its own) running. Signals are emitted to this process's listeners,
 * not sent; the parent's pid is read through a stand-in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stopOnSignal } from '../../../scripts/lib/processes.js';

const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
afterEach(() => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before[signal].includes(listener)) process.removeListener(signal, listener);
});

describe('stopOnSignal', () => {
  it('holds a signal that comes before ready(), and stops once ready() is called', async () => {
    let stops = 0;
    const signals = stopOnSignal(async () => void stops++);
    expect(signals.requested).toBe(false);
    process.emit('SIGTERM');
    expect([signals.requested, stops]).toEqual([true, 0]);
    await signals.ready();
    expect(stops).toBe(1);
  });

  it('stops at once on a signal after ready(), and only once however many signals follow', async () => {
    let stops = 0;
    let finish = () => {};
    const signals = stopOnSignal(() => {
      stops++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await signals.ready();
    expect(stops).toBe(0);
    process.emit('SIGINT');
    process.emit('SIGTERM');
    process.emit('SIGINT');
    expect(stops).toBe(1);
    finish();
  });

  it("stops when its parent ends, as npm's `sh -c` does without passing npm's signal on, and only once", async () => {
    let parent = 4242;
    let stops = 0;
    const signals = stopOnSignal(async () => void stops++, { parentPid: () => parent, everyMs: 5 });
    await signals.ready();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stops).toBe(0);
    parent = 1; // reparented to init
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([signals.requested, stops]).toEqual([true, 1]);
    parent = 7;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stops).toBe(1);
  });
});
