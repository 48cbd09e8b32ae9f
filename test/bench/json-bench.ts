/**
 * The cost of typed, versioned JSON (format version 2, docs/reference/json-changelog.md):
 * `formatJson` on dungeon trees and `layerArtifactJson` on building layers, against the
 * version 1 shapes (values as canonical text, no "format", no siteTerms) written here as
 * the peer, measured in the same run. Reports time and bytes; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileGrammar, formatJson, generateFrom, type Artifact, type ArtifactNode } from '../../src/generate/grammar/index.js';
import { generateLayers, layerArtifactJson } from '../../src/generate/layers/index.js';
import { prepareLayers } from '../../src/generate/layers/prepare.js';
import { loadProgram } from '../../src/program/load.js';

const root = join(import.meta.dirname, '..', '..');

/** The version 1 tree line: values as canonical text. */
function treeV1(a: Artifact): string {
  const rec = (r: Record<string, string>) => '{' + Object.keys(r).sort().map((k) => JSON.stringify(k) + ':' + JSON.stringify(r[k])).join(',') + '}';
  const node = (n: ArtifactNode): string =>
    '{"symbol":' + JSON.stringify(n.symbol) + (n.rule !== undefined ? ',"rule":' + JSON.stringify(n.rule) : '') + ',"args":' + rec(n.args) + ',"attrs":' + rec(n.attrs) + ',"children":[' + n.children.map(node).join(',') + ']}';
  return '{"seed":' + JSON.stringify(a.seed) + ',"root":' + node(a.root) + '}';
}

function best(f: () => number): { ms: number; bytes: number } {
  let ms = Infinity;
  let bytes = 0;
  for (let r = 0; r < 7; r++) {
    const t = performance.now();
    bytes = f();
    ms = Math.min(ms, performance.now() - t);
  }
  return { ms, bytes };
}

export async function benchJson(o: { quick?: boolean } = {}): Promise<void> {
  const n = o.quick ? 60 : 300;
  const g = compileGrammar(readFileSync(join(root, 'rules/dungeon.gdl'), 'utf8'));
  const trees = Array.from({ length: n }, (_, i) => generateFrom(g, i));
  const program = loadProgram([{ file: 'building.gdl', text: readFileSync(join(root, 'rules/building.gdl'), 'utf8') }]);
  const layers = Array.from({ length: n }, (_, i) => generateLayers(prepareLayers(program), { seed: i }));
  const rows = [
    ['dungeon trees', best(() => trees.reduce((s, a) => s + treeV1(a).length, 0)), best(() => trees.reduce((s, a) => s + formatJson(a).length, 0))],
    [
      'building layers',
      best(() => layers.reduce((s, a) => s + JSON.stringify({ seed: a.seed, layers: a.layers.map((l) => ({ name: l.name, order: l.order, sites: l.sites, base: l.base, mask: l.mask, placed: l.placed })) }).length, 0)),
      best(() => layers.reduce((s, a) => s + JSON.stringify(layerArtifactJson(a)).length, 0)),
    ],
  ] as const;
  console.log(`\n## typed JSON (format version 2) against version 1 (${n} artifacts each, best of 7)`);
  console.log('| output | v1 ms | v2 ms | time v2/v1 | v1 bytes | v2 bytes | bytes v2/v1 |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [what, v1, v2] of rows) {
    console.log(`| ${what} | ${v1.ms.toFixed(1)} | ${v2.ms.toFixed(1)} | ${(v2.ms / v1.ms).toFixed(2)} | ${v1.bytes} | ${v2.bytes} | ${(v2.bytes / v1.bytes).toFixed(2)} |`);
  }
}
