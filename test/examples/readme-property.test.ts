// The complete property-test file the README shows, run as written (it imports
// the package by name, as a user's test suite would).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { arbitraryArtifact } from 'gramlog/check';
import { loadProgram } from 'gramlog/engine';

const dungeon = loadProgram([{ file: 'rules/dungeon.gdl', text: readFileSync('rules/dungeon.gdl', 'utf8') }]);

test('every dungeon has exactly one boss room', () => {
  // each run: a seed, and minsplit drawn from 8..64; a failure is shrunk and
  // reported with the seed and params that replay it
  const dungeons = arbitraryArtifact(dungeon, { ranges: { minsplit: [8, 64] } });
  fc.assert(
    fc.property(dungeons, (a) => {
      expect(a.error).toBeUndefined();
      expect(a.query('(symbol ?room boss)')).toHaveLength(1);
    }),
    { numRuns: 20, seed: 42 },
  );
});
