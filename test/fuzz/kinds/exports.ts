/**
 * Exports (issue 35): start graphs whose labels carry hostile Graphviz
 * attributes (URL, href, labelURL, image ...) and characters XML forbids,
 * through `--format svg`, `graphml` and `dot`, and generated layer grids
 * through `--format svg`. The harness parses every SVG and GraphML an exit 0
 * prints with an XML parser and refuses a link or a script URL in it.
 */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { pick } from './common.js';
import { layerFile } from './layers.js';

const GRAMMAR = JSON.stringify({ name: 'g', start: 'x', stages: [{ name: 's', rules: [{ name: 'grow', lhs: 'x', rhs: ['x', 'y'], limit: 3 }] }] });

const ATTRIBUTES = ['URL', 'href', 'labelURL', 'labelhref', 'edgeURL', 'headURL', 'tailhref', 'target', 'image', 'id', 'class', 'label', 'xlabel', 'color', 'shape', 'style', 'tooltip', 'fontname'];
const TEXTS = ['javascript:alert(1)', 'x\u0001y', '\u0000', '\u001f', '\ufffe', '\ud800', '<script>alert(1)</script>', '"quoted"', "'", '&amp;', ']]>', '\\N', 'red', 'box', 'plain', 'é🙂', ''];

const text = fc.oneof(pick(TEXTS), fc.string({ maxLength: 12, unit: 'binary' }));
const label = fc.oneof(
  text,
  fc.dictionary(pick(ATTRIBUTES), text, { maxKeys: 4 }).map((dot) => ({ dot })),
  fc.constant(null),
  fc.integer().map((n) => ({ n })),
);

const startGraph = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.tuple(
      fc.array(label, { minLength: n, maxLength: n }),
      fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), label), { maxLength: 2 * n }),
    ),
  )
  .map(([labels, edges]) =>
    JSON.stringify({
      nodes: labels.map((value, i) => ({ v: `n${i}`, value })),
      edges: edges.map(([v, w, value]) => ({ v: `n${v}`, w: `n${w}`, value })),
    }),
  );

export const exportCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(startGraph, pick(['svg', 'graphml', 'dot'])).map(([g, format]) => ({ kind: 'exports', argv: ['generate', 'g.json', '--graph', 'start.json', '--format', format], files: { 'g.json': GRAMMAR, 'start.json': g } })),
  layerFile.map((t) => ({ kind: 'exports', argv: ['generate', 'l.gdl', '--max-facts', '50000', '--format', 'svg'], files: { 'l.gdl': t } })),
);
