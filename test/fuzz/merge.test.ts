// Fuzz: manifests and shard folders: merge, merge --out (on disk). Edited folders through the CLI, each case checked against the invariants of test/fuzz/harness.ts.
import { test } from 'vitest';
import { mergeCases } from './kinds/merge.js';
import { fuzzKind } from './suite.js';

test('fuzz: manifests and shard folders: merge', async () => {
  await fuzzKind(mergeCases, 35101);
}, 120_000);
