/**
 * Exports benchmark (issue 22): how long writing an artifact in each export
 * format takes, against writing it as `--json` (the format every artifact
 * already has, measured in the same run: the peer) and against generating
 * it. A 64 × 64 layer map of three layers (4,096 cells) for tiled, svg and
 * png; rules/mission.json's graphs for graphml, graphlib and svg (Graphviz in
 * WebAssembly). Goal: an export costs no more than generating the artifact.
 * Never asserts a time.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/export-bench.ts [--quick]`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { layersStyle } from '../../src/generate/layers/style.js';
import { graphStyle } from '../../src/generate/graph/style.js';
import type { FormatName } from '../../src/generate/style.js';
import { loadGraphviz } from '../../src/generate/graph/svg.js';
import { NO_VIOLATIONS } from '../../src/generate/violations.js';

const repoRoot = resolve(import.meta.dirname, '../..');

const MAP = `${Array.from({ length: 64 }, (_, i) => `(c ${i + 1})`).join(' ')}
(<= (site ?l (at ?x ?y)) (layer ?l ?o) (c ?x) (c ?y))
(layer ground 1)
(chance ground 0.6)
(layer tree 2)
(chance tree 0.3)
(<= (allow tree ?k) (site tree ?k) (placed ground ?k))
(layer chest 3)
(chance chest 0.02)
(<= (allow chest ?k) (site chest ?k) (placed ground ?k) (not (placed tree ?k)))
`;

/** Milliseconds per call of f, over at least minMs. */
function msPer(f: (i: number) => unknown, minMs: number): number {
  f(0);
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs || n < 3) {
    f(n++);
    t = performance.now();
  }
  return (t - t0) / n;
}

export async function benchExports(options: { quick?: boolean } = {}): Promise<void> {
  const minMs = options.quick ? 300 : 1500;
  console.log('\n## exports (issue 22): time to write one artifact, against --json (peer) and against generating it');
  const c = layersStyle.compile([{ file: 'map64.gdl', text: MAP }]);
  if (!c.grammar) {
    console.log(`  (the 64x64 map does not compile: ${c.diagnostics.map((d) => d.message).join('; ')})`);
    return;
  }
  const a = layersStyle.generate(c.grammar, 1);
  const cells = a.layers[0]?.sites.length ?? 0;
  const gen = msPer((i) => layersStyle.generate(c.grammar!, i), minMs);
  const json = msPer(() => layersStyle.format(a, 'json', NO_VIOLATIONS), minMs);
  console.log(`layer map ${cells} cells, 3 layers: generate ${gen.toFixed(2)} ms, --json ${json.toFixed(3)} ms`);
  for (const f of ['tiled', 'svg'] as FormatName[]) {
    const ms = msPer(() => layersStyle.format(a, f, NO_VIOLATIONS), minMs);
    console.log(`  --format ${f.padEnd(8)} ${ms.toFixed(3)} ms  (${(ms / json).toFixed(1)}x --json, ${(ms / gen).toFixed(2)}x generate)`);
  }
  for (const f of ['png', 'tileset'] as FormatName[]) {
    const ms = msPer(() => layersStyle.formatBytes!(a, f, NO_VIOLATIONS), minMs);
    console.log(`  --format ${f.padEnd(8)} ${ms.toFixed(3)} ms  (${(ms / json).toFixed(1)}x --json, ${(ms / gen).toFixed(2)}x generate)`);
  }
  const text = readFileSync(resolve(repoRoot, 'rules/mission.json'), 'utf8');
  const g = graphStyle.compile([{ file: 'rules/mission.json', text }]);
  const ga = graphStyle.generate(g.grammar!, 3);
  const ggen = msPer((i) => graphStyle.generate(g.grammar!, i), minMs);
  const gjson = msPer(() => graphStyle.format(ga, 'json', NO_VIOLATIONS), minMs);
  await loadGraphviz();
  console.log(`mission graph ${ga.nodes.length} nodes, ${ga.edges.length} edges: generate ${ggen.toFixed(2)} ms, --json ${gjson.toFixed(3)} ms`);
  for (const f of ['graphml', 'graphlib', 'svg'] as FormatName[]) {
    const ms = msPer(() => graphStyle.format(ga, f, NO_VIOLATIONS), minMs);
    console.log(`  --format ${f.padEnd(8)} ${ms.toFixed(3)} ms  (${(ms / gjson).toFixed(1)}x --json, ${(ms / ggen).toFixed(2)}x generate)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExports({ quick: process.argv.includes('--quick') });
