// Fuzz: the language server's protocol: bad frames and messages of the wrong shape against the built `gramlog lsp --stdio` (test/fuzz/harness.ts).
import { test } from 'vitest';
import { lspCases } from './kinds/lsp.js';
import { fuzzKind } from './suite.js';

test('fuzz: the language server protocol', async () => {
  await fuzzKind(lspCases, 35103);
}, 240_000);
