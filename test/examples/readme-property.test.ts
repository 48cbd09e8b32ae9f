// Property tests of a generator with fast-check and vitest, as the README shows.
// In your own project, import from the package instead:
//   import { arbitraryArtifact, loadProgram } from 'gramlog';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { arbitraryArtifact } from '../../src/check/index.js';
import { loadProgram } from '../../src/program/load.js';

const file = new URL('../../rules/dungeon.gdl', import.meta.url);
const dungeon = loadProgram([{ file: 'rules/dungeon.gdl', text: readFileSync(file, 'utf8') }]);

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
