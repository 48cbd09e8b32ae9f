// Fuzz: graph rules in .gdl: generate, analyze, check. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { graphGdlCases } from './kinds/graph-gdl.js';
import { fuzzKind } from './suite.js';

test('fuzz: graph rules in .gdl: generate, analyze, check', async () => {
  await fuzzKind(graphGdlCases, 50505);
}, 120_000);
