import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SMALL_INT_LIMIT, TermTable, constantHash, hashChar, hashState, HASH_SEED } from '../../src/program/terms.js';

describe('TermTable constants', () => {
  it('gives one id per name, whether the name comes as a string or as a slice of a text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 0, maxLength: 6 }), { maxLength: 300 }), (names) => {
        const terms = new TermTable();
        const text = names.join('\u0001');
        const ids = new Map<string, number>();
        let from = 0;
        names.forEach((name, i) => {
          // Alternate the two ways in, so each finds what the other made.
          const id = i % 2 === 0 ? terms.constant(name) : terms.constantIn(text, from, from + name.length);
          from += name.length + 1;
          const seen = ids.get(name);
          if (seen === undefined) ids.set(name, id);
          else expect(id).toBe(seen);
          expect(terms.name(id)).toBe(name);
          expect(terms.findConstant(name)).toBe(id);
        });
        expect(new Set(ids.values()).size).toBe(ids.size);
        expect(terms.size).toBe(ids.size);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every id through many table growths, and makes no constant that `valid` rejects', () => {
    const terms = new TermTable();
    const ids = Array.from({ length: 50_000 }, (_, i) => terms.constant(`c${i}`));
    for (let i = 0; i < 50_000; i += 7) expect(terms.findConstant(`c${i}`)).toBe(ids[i]);
    expect(terms.findConstant('c50000')).toBeUndefined();
    expect(terms.constantIn("x a b", 1, 4, (t, f, e) => /^\S+$/.test(t.slice(f, e)))).toBe(-1);
    expect(terms.findConstant(' a ')).toBeUndefined();
    expect(terms.constantIn("(c42)", 1, 4, (t, f, e) => /^\S+$/.test(t.slice(f, e)))).toBe(ids[42]);
  });

  it('reads numbers only when asked, before and after the table grows', () => {
    const terms = new TermTable();
    const seven = terms.constant('7');
    expect(terms.numberValue(seven)).toBe(7);
    for (let i = 0; i < 1000; i++) terms.constant(`n${i}`);
    const late = terms.constant('-2.5');
    expect(terms.numberValue(late)).toBe(-2.5);
    expect(terms.numberValue(terms.constant('n3'))).toBeUndefined();
    expect(terms.numberValue(seven)).toBe(7);
  });

  it('finds a canonical integer by value exactly when it is a constant by name, however it was made', () => {
    const name = fc.oneof(fc.nat({ max: 5000 }).map(String), fc.constantFrom('007', '0', '-1', '+2', '2097151', '2097152', 'x'), fc.nat({ max: 3_000_000 }).map(String));
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.boolean()), { maxLength: 200 }), fc.array(fc.nat({ max: 5000 }), { maxLength: 50 }), (made, probes) => {
        const terms = new TermTable();
        for (const [n, bySlice] of made) (bySlice ? terms.constantIn(`(${n})`, 1, n.length + 1) : terms.constant(n));
        for (const v of [...probes, ...made.map(([n]) => Number(n)).filter((v) => Number.isInteger(v) && v >= 0)]) {
          const id = terms.smallIntConstant(v);
          if (v >= SMALL_INT_LIMIT) expect(id).toBe(-2);
          else expect(id).toBe(terms.findConstant(String(v)) ?? -1);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('hashes a name the same whether scanned char by char or at once, and looks it up by that hash', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 100 }), (names) => {
        const terms = new TermTable();
        const ids = names.map((n) => terms.constant(n));
        const text = names.join('|');
        let from = 0;
        names.forEach((n, i) => {
          let h = HASH_SEED;
          for (let k = 0; k < n.length; k++) h = hashChar(h, n.charCodeAt(k));
          expect(h).toBe(hashState(text, from, from + n.length));
          expect(terms.findConstantIn(text, from, from + n.length, constantHash(h))).toBe(ids[i]);
          from += n.length + 1;
        });
        expect(terms.findConstantIn('zz-unknown', 0, 10, constantHash(hashState('zz-unknown', 0, 10)))).toBe(names.includes('zz-unknown') ? terms.findConstant('zz-unknown') : -1);
        expect(terms.size).toBe(new Set(names).size);
      }),
      { numRuns: 100 },
    );
  });
});


describe('TermTable constants named lazily (constantAt)', () => {
  /** Names that are held in the two words (short, below U+0100), that are not (long, or with a wider character), and numbers. */
  const name = fc.oneof(
    fc.stringMatching(/^[a-z0-9]{1,7}$/),
    fc.constantFrom('a', 'ab', 'abcd', 'abcde', 'abcdefg', 'abcdefgh', 'é', 'ÿÿÿÿÿÿÿ', 'δ', 'aδ', '日本', '\u0100', 'x\u00ff\u0100', '0', '7', '42', '007'),
    fc.string({ minLength: 1, maxLength: 12 }),
  );

  it('gives the ids constant/constantIn give, in the same order, whichever way a name comes first, and its name when read', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.nat({ max: 2 })), { maxLength: 300 }), fc.boolean(), (made, materialize) => {
        const lazy = new TermTable();
        const eager = new TermTable();
        // Two texts, as two fact files: a name may first come from either, or from a rule (constant).
        const texts = [made.map(([n]) => n).join('\t'), '\n' + made.map(([n]) => n).join('\t')];
        const sources = texts.map((t) => lazy.retainText(t));
        let from = 0;
        made.forEach(([n, way]) => {
          const at = from + (way === 1 ? 1 : 0);
          const value = /^(0|[1-9][0-9]{0,6})$/.test(n) && Number(n) < SMALL_INT_LIMIT ? Number(n) : -1;
          const id =
            way === 2
              ? lazy.constant(n)
              : lazy.constantAt(sources[way] as number, at, at + n.length, constantHash(hashState(n, 0, n.length)), value);
          expect(id).toBe(eager.constant(n));
          if (value >= 0) expect(lazy.smallIntConstant(value)).toBe(id);
          if (materialize) expect(lazy.name(id)).toBe(n);
          from += n.length + 1;
        });
        expect(lazy.size).toBe(eager.size);
        for (let id = 0; id < eager.size; id++) {
          const n = eager.name(id);
          expect(lazy.findConstant(n)).toBe(id);
          expect(lazy.name(id)).toBe(n);
          expect(lazy.print(id)).toBe(eager.print(id));
          expect(lazy.numberValue(id)).toBe(eager.numberValue(id));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('tells names apart by their characters when their hashes collide (every name given the same hash)', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 200 }), (names) => {
        const lazy = new TermTable();
        const text = names.join('\t');
        const source = lazy.retainText(text);
        const first = new Map<string, number>();
        let from = 0;
        const ids = names.map((n) => {
          const id = lazy.constantAt(source, from, from + n.length, 12345, -1);
          from += n.length + 1;
          if (!first.has(n)) first.set(n, id);
          return id;
        });
        expect(ids).toEqual(names.map((n) => first.get(n)));
        expect(lazy.size).toBe(first.size);
        for (const [n, id] of first) expect(lazy.name(id)).toBe(n);
      }),
      { numRuns: 100 },
    );
  });

  it('finds every lazily named constant through many table growths, by constantAt, constantIn and constant', () => {
    const terms = new TermTable();
    const count = 60_000;
    const text = Array.from({ length: count }, (_, i) => (i % 5 === 0 ? `long-name-${i}` : `n${i}`)).join('\n');
    const source = terms.retainText(text);
    const at: number[] = [];
    const ids: number[] = [];
    let from = 0;
    for (let i = 0; i < count; i++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      at.push(from);
      ids.push(terms.constantAt(source, from, to, constantHash(hashState(text, from, to)), -1));
      from = to + 1;
    }
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => i));
    for (let i = 0; i < count; i += 97) {
      const n = i % 5 === 0 ? `long-name-${i}` : `n${i}`;
      expect(terms.constantAt(source, at[i] as number, (at[i] as number) + n.length, constantHash(hashState(n, 0, n.length)), -1)).toBe(i);
      expect(terms.constantIn(`(${n})`, 1, n.length + 1)).toBe(i);
      expect(terms.constant(n)).toBe(i);
      expect(terms.name(i)).toBe(n);
    }
    expect(terms.size).toBe(count);
    // A name `valid` rejects is not made.
    expect(terms.constantAt(terms.retainText('a b'), 0, 3, constantHash(hashState('a b', 0, 3)), -1, () => false)).toBe(-1);
    expect(terms.size).toBe(count);
  });
});
