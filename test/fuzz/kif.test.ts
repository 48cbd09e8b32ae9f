// Fuzz: rule files (KIF) and tree grammars: query, validate, simulate, generate, check. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { kifCases } from './kinds/kif.js';
import { fuzzKind } from './suite.js';

test('fuzz: rule files (KIF) and tree grammars: query, validate, simulate, generate, check', async () => {
  await fuzzKind(kifCases, 33749);
}, 120_000);
