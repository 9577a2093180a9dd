/**
 * CPU time per request of the HTTP bench's targets (`npx tsx scripts/bench/http-cpu.ts [seconds]
 * [rounds]`): the service's GET of one subject and bare Fastify's constant answer, each under the
 * same autocannon load, in alternating rounds. On a machine that other work keeps busy, req/s says
 * more about that work than about the service; CPU µs per request of the target's process group
 * depends far less on how much of a core it got (contention still adds some: compare rounds, not
 * runs). Prints each target's median and the ratio bare/service, which is roughly what
 * throughput's ratio approaches on idle cores.
 */
import { load, startTarget, type Target } from './http.js';
import { sampleCpu } from './cpu.js';

const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const targets: Target[] = [await startTarget('service'), await startTarget('bare')];
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
      const micros = ((after.instances - before.instances) * 1000) / measured.total;
      perRequest.get(target.name)!.push(micros);
      process.stderr.write(`  round ${round + 1} ${target.name}: ${micros.toFixed(1)} µs CPU per request, ${measured.requestsPerSecond.toFixed(0)} req/s\n`);
    }
  }
} finally {
  await Promise.all(targets.map((target) => target.stop()));
}
const service = median(perRequest.get('service')!);
const bare = median(perRequest.get('bare')!);
console.log(`service ${service.toFixed(1)} µs/request, bare Fastify ${bare.toFixed(1)} µs/request (medians of ${rounds}); bare/service ${(bare / service).toFixed(2)}x`);
