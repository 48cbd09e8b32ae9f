// Fuzz: graph grammars and start graphs in JSON: generate, analyze. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { graphJsonCases } from './kinds/graph-json.js';
import { fuzzKind } from './suite.js';

test('fuzz: graph grammars and start graphs in JSON: generate, analyze', async () => {
  await fuzzKind(graphJsonCases, 85037);
}, 120_000);
