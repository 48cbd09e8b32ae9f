// Fuzz: layer files: generate, analyze. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { layerCases } from './kinds/layers.js';
import { fuzzKind } from './suite.js';

test('fuzz: layer files: generate, analyze', async () => {
  await fuzzKind(layerCases, 99641);
}, 120_000);
