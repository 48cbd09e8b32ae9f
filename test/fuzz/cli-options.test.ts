// Fuzz: command-line options of every command. Generated and mutated inputs through the CLI (or the API), each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { cliOptionCases } from './kinds/cli-options.js';
import { fuzzKind } from './suite.js';

test('fuzz: command-line options of every command', async () => {
  await fuzzKind(cliOptionCases, 82030);
}, 120_000);
