// The AI's thinking, off the page's thread: each request carries the game
// as a record; the worker loads it into its own WASM instance and answers
// with a move in record text (and, for a hint, what it knows of the
// others).
import createCity from './city.mjs';

const ready = (async () => {
  const bytes = await (await fetch(new URL('city.wasm', import.meta.url))).arrayBuffer();
  const M = await createCity({ wasmBinary: bytes });
  return {
    M,
    load: M.cwrap('wc_load', 'number', ['string']),
    free: M.cwrap('wc_free', null, ['number']),
    ok: M.cwrap('wc_ok', 'number', ['number']),
    error: M.cwrap('wc_error', 'string', ['number']),
    state: M.cwrap('wc_state', 'string', ['number']),
    // The AI module's choice (web/glue.c, built with -DWC_WITH_AI when the
    // library has city/ai.h): absent from builds without it.
    aiChoose: M._wc_ai_choose
      ? M.cwrap('wc_ai_choose', 'string', ['number', 'string', 'number', 'number'])
      : null,
  };
})();

// splitmix32-style generator for the temporary fallback below.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

self.onmessage = async (e) => {
  const { id, record, level, seed } = e.data;
  const api = await ready;
  const h = api.load(record);
  try {
    if (!api.ok(h)) {
      self.postMessage({ id, error: 'the worker cannot load the game: ' + api.error(h) });
      return;
    }
    let move = '';
    let how = '';
    let analysis = [];
    if (api.aiChoose) {
      const lines = api.aiChoose(h, level, seed >>> 0, 0).split('\n');
      move = lines[0];
      analysis = lines.slice(1).filter(Boolean);
      how = 'AI ' + level;
      if (!move) how = 'AI ' + level + ' failed: ' + api.error(h);
    }
    if (!move) {
      // TEMPORARY fallback until the AI module (city_ai_choose) is in the
      // WASM build: a uniformly random legal move, seeded.
      const legal = JSON.parse(api.state(h)).legal;
      move = legal.length ? legal[rng(seed)() % legal.length] : '';
      how = 'random legal move (temporary: no AI module in this build)';
    }
    self.postMessage({ id, move, how, analysis });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  } finally {
    api.free(h);
  }
};
