/**
 * `npm run bench [generate|http|store|dev|roundtrip|scale]`: speed goals as ratios against a baseline measured in the same run.
 * Not a test: it never fails the build; it prints what it measured and whether each goal is met.
 */
import { benchGeneration, GENERATION_CASES } from './bench/generation.js';
import { benchDevLoop } from './bench/dev.js';
import { benchHttp } from './bench/http.js';
import { benchStore } from './bench/store.js';
import { printTable, type BenchRow } from './bench/report.js';
import { benchRoundtrip } from './bench/roundtrip.js';
import { benchScale } from './bench/scale.js';

const only = process.argv[2];
const rows: BenchRow[] = [];
const progress = (line: string) => process.stderr.write(`${line}\n`);

if (!only || only === 'generate') {
  progress('bench: generation (full generation vs openapi-typescript alone)');
  rows.push(...(await benchGeneration(GENERATION_CASES, progress)));
}

if (!only || only === 'http') {
  progress('bench: HTTP (service vs bare Fastify vs Prism, autocannon on loopback)');
  rows.push(...(await benchHttp(progress)));
}

if (!only || only === 'store') {
  progress('bench: store (the service on PostgreSQL vs SQLite, two instances vs one)');
  rows.push(...(await benchStore(progress)));
}

if (!only || only === 'dev') {
  progress('bench: designer loop (npm run dev)');
  rows.push(...(await benchDevLoop(progress)));
}

if (!only || only === 'roundtrip') {
  progress(
    'bench: round trip (generated client against generated stubs, per operation of the media fixture)',
  );
  rows.push(...(await benchRoundtrip(progress)));
}

if (!only || only === 'scale') {
  progress("bench: scale (GitHub's whole spec through the stages the tests run on its sample)");
  rows.push(...(await benchScale(progress)));
}

console.log(printTable(rows));
