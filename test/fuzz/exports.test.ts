// Fuzz: exports: hostile labels and layer grids to SVG, GraphML and DOT, every SVG and GraphML parsed as XML (test/fuzz/harness.ts).
import { test } from 'vitest';
import { exportCases } from './kinds/exports.js';
import { fuzzKind } from './suite.js';

test('fuzz: exports: svg, graphml, dot', async () => {
  await fuzzKind(exportCases, 35102);
}, 180_000);
