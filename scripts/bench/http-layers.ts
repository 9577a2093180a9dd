/**
 * Where the service's CPU per request goes (`npx tsx scripts/bench/http-layers.ts [seconds]
 * [rounds]`, default 3 s and 6 rounds): bare Fastify, then bare Fastify with the service's hooks
 * and headers, then with parameter validation and schema serialisation too, then the service, each
 * under the same autocannon load in alternating rounds, CPU per request of the target's process
 * group (Linux /proc). A diagnosis for the HTTP bench's gap, not a goal: it prints medians and
 * each round.
 */
import { load, startTarget, type Target } from './http.js';
import { sampleCpu } from './cpu.js';
import { median } from './report.js';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 6);
const targets: Target[] = [];
for (const kind of ['bare', 'bare-hooks', 'bare-schemas', 'service'] as const) targets.push({ ...(await startTarget(kind)), name: kind });
const perRequest = new Map<string, number[]>(targets.map((target) => [target.name, []]));
try {
  for (const target of targets) await load(target, 1); // warm-up: JIT, caches
  for (let round = 0; round < rounds; round += 1) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const before = sampleCpu([target.processGroup!]);
      const measured = await load(target, seconds);
      const after = sampleCpu([target.processGroup!]);
      if (!before || !after) throw new Error('CPU accounting needs Linux /proc');
      if (measured.non2xx > 0) throw new Error(`${target.name}: ${measured.non2xx} non-2xx answers`);
      perRequest.get(target.name)!.push(((after.instances - before.instances) * 1000) / measured.total);
    }
  }
} finally {
  await Promise.all(targets.map((target) => target.stop()));
}
for (const [name, values] of perRequest) console.log(`${name.padEnd(13)} median ${median(values).toFixed(1).padStart(5)} µs per request; rounds ${values.map((value) => value.toFixed(1)).join(' ')}`);
