// `npm run docs:images`: the pictures of the README and the docs, made from
// what gramlog prints. Graphs and trees: the DOT of `gramlog generate
// --format dot`, drawn to SVG by Graphviz compiled to WebAssembly
// (@viz-js/viz). The playground's screenshots are written by its end-to-end
// test (GRAMLOG_SCREENSHOTS=docs/images/playground, the second half of the
// npm script), which drives headless Chromium through playwright-core.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instance } from '@viz-js/viz';
import { runCli } from '../../cli/fake-io.js';
import { repoRoot } from '../../helpers.js';

/** Each picture: its file under docs/images, and the gramlog command whose DOT it draws. */
export const PICTURES: ReadonlyArray<{ file: string; argv: string[] }> = [
  { file: 'quest-tree.svg', argv: ['generate', 'docs/examples/quest.gdl', '--seed', '1', '--format', 'dot'] },
  { file: 'plant-tree.svg', argv: ['generate', 'rules/tree.gdl', '--seed', '3', '--param', 'height=4', '--format', 'dot'] },
  { file: 'corridor-graph.svg', argv: ['generate', 'docs/examples/corridor.json', '--seed', '1', '--format', 'dot'] },
  { file: 'mission-graph.svg', argv: ['generate', 'rules/mission.json', '--seed', '3', '--format', 'dot'] },
];

const out = join(repoRoot, 'docs', 'images');
mkdirSync(out, { recursive: true });
const viz = await instance();
for (const { file, argv } of PICTURES) {
  const r = await runCli(argv);
  if (r.code !== 0) throw new Error(`gramlog ${argv.join(' ')}: exit ${r.code}\n${r.stderr}`);
  // Graphviz sizes boxes by its own font metrics: Courier's are known, a generic "monospace" is not
  const dot = r.stdout.replace(/fontname="monospace"/g, 'fontname="Courier"');
  writeFileSync(join(out, file), viz.renderString(dot, { format: 'svg' }));
  process.stdout.write(`docs/images/${file}\n`);
}
