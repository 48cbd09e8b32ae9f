// Fuzz: blueprints (.bp): master, analyze. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { blueprintCases } from './kinds/blueprints.js';
import { fuzzKind } from './suite.js';

test('fuzz: blueprints (.bp): master, analyze', async () => {
  await fuzzKind(blueprintCases, 69497);
}, 120_000);
