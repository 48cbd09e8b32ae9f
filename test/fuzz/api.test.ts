// Fuzz: the library API. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { apiCases } from './kinds/api.js';
import { fuzzKind } from './suite.js';

test('fuzz: the library API', async () => {
  await fuzzKind(apiCases, 6273);
}, 120_000);
