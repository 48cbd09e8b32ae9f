// Bad input never escapes as anything but a GramlogError with a place: random
// edits of rules/items.bp either compile or raise a located error, and whatever
// compiles masters (or fails with a GramlogError).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { parseBlueprints } from '../../../src/generate/blueprints/library.js';
import { lintLibrary } from '../../../src/generate/blueprints/lint.js';
import { master } from '../../../src/generate/blueprints/master.js';
import { readRepoFile } from '../../helpers.js';

const items = readRepoFile('rules/items.bp');
const PIECES = ['(', ')', '[', ']', '@end', '@blueprint X', '@mod', '@factory', '{', '}', '"', '!', ':', '=', '+=', '&source.', '$x', '@bogus', ' ', '\n', 'rand', '-', '0'];

const edit = fc.record({ at: fc.nat(), cut: fc.nat({ max: 12 }), insert: fc.constantFrom(...PIECES) });

test('random edits of rules/items.bp: a library or a located GramlogError', () => {
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
      let text = items;
      for (const e of edits) {
        const at = e.at % (text.length + 1);
        text = text.slice(0, at) + e.insert + text.slice(at + e.cut);
      }
      let library;
      try {
        library = parseBlueprints(text, { file: 'fuzz.bp' });
      } catch (e) {
        expect(e).toBeInstanceOf(GramlogError);
        const span = (e as GramlogError).span;
        expect(span?.file).toBe('fuzz.bp');
        expect(span!.line).toBeGreaterThanOrEqual(1);
        return;
      }
      lintLibrary(library);
      for (const key of library.definitions.keys()) {
        if (library.definitions.get(key)?.kind === 'mod') continue;
        try {
          master(library, key, { seed: 1 });
        } catch (e) {
          expect(e).toBeInstanceOf(GramlogError);
        }
      }
    }),
    { numRuns: 150, seed: 5 },
  );
});
