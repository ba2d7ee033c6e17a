// Random games/s of the WASM build in node: `node web/bench-node.mjs
// PLAYERS GAMES SEED [GAME]` (GAME: 0 The City, 1 the base game, 2 with
// The Tower; scripts/wasm.sh --bench). Same loop as the native glue-bench
// (web/glue.c wc_bench_game).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// emscripten 3.1.6's ES module refers to CommonJS' require and __dirname
// when it runs in node: give them before loading it.
globalThis.require = createRequire(import.meta.url);
globalThis.__dirname = dirname(fileURLToPath(import.meta.url));
const { default: createCity } = await import('./city.mjs');

const [players, games, seed, game = 0] = process.argv.slice(2).map(Number);
const { readFileSync } = await import('node:fs');
const M = await createCity({
  wasmBinary: readFileSync(new URL('./city.wasm', import.meta.url)) });
M._wc_bench_game(game, players, 20, seed + 100000); // warm-up
const t0 = performance.now();
const c0 = process.cpuUsage();
const moves = M._wc_bench_game(game, players, games, seed);
const c1 = process.cpuUsage(c0);
const s = (performance.now() - t0) / 1000;
const cpu = (c1.user + c1.system) / 1e6;
console.log(JSON.stringify({ game, players, games, moves, seconds: +s.toFixed(4),
  games_per_s: +(games / s).toFixed(1), cpu_seconds: +cpu.toFixed(4),
  games_per_cpu_s: +(games / cpu).toFixed(1) }));
