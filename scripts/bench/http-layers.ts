/**
 * Where the service's CPU per request goes (`npx tsx scripts/bench/http-layers.ts [seconds]
 * [rounds]`, default 3 s and 6 rounds): bare Fastify, then bare Fastify with the service's hooks
 * and headers, then with parameter validation and schema serialisation too, then the service, each
 * under the same autocannon load in alternating rounds, CPU per request of the target's process
 * group (Linux /proc). A diagnosis for the HTTP bench's gap, not a goal: it prints medians and
 * each round.
 */
import { alternatingRounds, startTarget, type Target } from './http.js';
import { median } from './report.js';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 6);
const targets: Target[] = [];
for (const kind of ['bare', 'bare-hooks', 'bare-schemas', 'service'] as const)
  targets.push({ ...(await startTarget(kind)), name: kind });
let measured: Awaited<ReturnType<typeof alternatingRounds>>;
try {
  measured = await alternatingRounds(targets, rounds, seconds);
} finally {
  await Promise.all(targets.map((target) => target.stop()));
}
for (const [name, values] of measured) {
  if (values.some((value) => value.non2xx > 0)) throw new Error(`${name}: answers other than 2xx`);
  const micros = values.map((value) => value.cpuMicros ?? Number.NaN);
  if (micros.some(Number.isNaN)) throw new Error('CPU accounting needs Linux /proc');
  console.log(
    `${name.padEnd(13)} median ${median(micros).toFixed(1).padStart(5)} µs per request; rounds ${micros.map((value) => value.toFixed(1)).join(' ')}`,
  );
}
