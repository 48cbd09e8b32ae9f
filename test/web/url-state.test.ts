/** A shared link reopens exactly the text, seed and params it was made from. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState, type UrlState } from '../../src/web/url-state.js';

describe('URL state', () => {
  it('round-trips any text, file name, seed and params', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.string({ maxLength: 12 }),
        fc.dictionary(key, fc.string({ maxLength: 10 }), { maxKeys: 4 }),
        (text, file, seed, params) => {
          const state: UrlState = { file, text, seed, params };
          expect(readUrlState(writeUrlState(state))).toEqual(state);
        },
      ),
      { seed: 14, numRuns: 300 },
    );
  });

  it('keeps the kind the file is read as ("read as"), and leaves it out when recognised', () => {
    const state: UrlState = { file: 'rules/map.gdl', seed: '1', params: {}, kind: 'layers' };
    expect(writeUrlState(state)).toBe('#f=rules%2Fmap.gdl&s=1&k=layers');
    expect(readUrlState(writeUrlState(state))).toEqual(state);
    expect(readUrlState('#f=rules/map.gdl&s=1')).toEqual({ file: 'rules/map.gdl', seed: '1', params: {} });
  });

  it('reads a hand-written link, and ignores a damaged text', () => {
    expect(readUrlState('#f=rules/tree.gdl&s=3&p=height%3D4')).toEqual({ file: 'rules/tree.gdl', seed: '3', params: { height: '4' } });
    expect(readUrlState('#f=a.gdl&t=%%%')).toEqual({ file: 'a.gdl', params: {} });
  });
});
