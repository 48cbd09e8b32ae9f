/** Layer files: generated grids of layers and mutants of the bundled ones, through generate, analyze and check. */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { jsonArgs, pick, seedArgs } from './common.js';

const PIECES = ['(', ')', '(layer x 5)', '(chance water 1e308)', '(chance water -1)', '(between house 0 100000)', '(between well 1 1)', '(not ', '(placed water ?s)', '(site ', '(allow ', '(group ', '(row 5)', '(col 5)', '?r', '?c', '(param wingchance 2)'];
const BRACKETS: Array<[string, string]> = [['(', ')']];
const SOURCES = ['rules/map.gdl', 'rules/building.gdl', 'rules/building-incomplete.gdl', 'rules/layers-forward.gdl'];

/** An N×M grid with up to three layers, chances and bounds. */
export const layerFile = fc
  .record({
    rows: fc.integer({ min: 1, max: 8 }),
    cols: fc.integer({ min: 1, max: 8 }),
    layers: fc.array(fc.record({ chance: pick(['0', '0.3', '1', '0.5']), between: fc.option(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 9 })), { nil: undefined }), onlyFree: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  })
  .map(({ rows, cols, layers }) => {
    const out: string[] = [];
    for (let r = 1; r <= rows; r++) out.push(`(row ${r})`);
    for (let c = 1; c <= cols; c++) out.push(`(col ${c})`);
    layers.forEach((l, i) => {
      out.push(`(layer l${i} ${i + 1})`, `(<= (site l${i} (at ?r ?c)) (row ?r) (col ?c))`, `(chance l${i} ${l.chance})`);
      if (l.between) out.push(`(between l${i} ${l.between[0]} ${l.between[1]})`);
      if (l.onlyFree && i > 0) out.push(`(<= (allow l${i} ?s) (site l${i} ?s) (not (placed l${i - 1} ?s)))`);
    });
    return out.join('\n') + '\n';
  });

export const layerCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(layerFile, jsonArgs, seedArgs, fc.boolean()).map(([t, j, s, e]) => ({ kind: 'layers', argv: ['generate', 'l.gdl', '--max-facts', '50000', ...j, ...s, ...(e ? ['--explain'] : [])], files: { 'l.gdl': t } })),
  fc.tuple(mutantArb(SOURCES, PIECES, BRACKETS), jsonArgs, seedArgs).map(([m, j, s]) => ({ kind: 'layers', argv: ['generate', 'l.gdl', '--max-facts', '50000', ...j, ...s], files: { 'l.gdl': m.text } })),
  fc.tuple(mutantArb(SOURCES, PIECES, BRACKETS), jsonArgs).map(([m, j]) => ({ kind: 'layers', argv: ['analyze', 'l.gdl', '--max-facts', '50000', '--solver-atoms', '2000', ...j], files: { 'l.gdl': m.text } })),
  fc.tuple(layerFile, jsonArgs).map(([t, j]) => ({ kind: 'layers', argv: ['analyze', 'l.gdl', '--max-facts', '50000', '--solver-atoms', '2000', ...j], files: { 'l.gdl': t } })),
);
