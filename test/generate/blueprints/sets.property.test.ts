// Domain sets are queries evaluated by the engine; this compares them with a
// direct reading of the language (own keywords, '=' replaces, '+=' adds to the
// inherited ones) on random libraries.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseBlueprintFile } from '../../../src/generate/blueprints/parse.js';
import { printBlueprintFile } from '../../../src/generate/blueprints/printer.js';
import { lib, stripSpans } from './helpers.js';

const KW = ['k0', 'k1', 'k2', 'k3'];
const DOM = ['d0', 'd1'];

interface Bp {
  parent: number | undefined;
  domains: Array<{ domain: string; op: '=' | '+='; keywords: string[] }>;
}

const library = fc
  .array(
    fc.record({
      parent: fc.option(fc.nat(), { nil: undefined }),
      domains: fc.array(fc.record({ domain: fc.constantFrom(...DOM), op: fc.constantFrom('=' as const, '+=' as const), keywords: fc.subarray(KW) }), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((bps): Bp[] => bps.map((b, i) => ({ ...b, parent: b.parent === undefined || i === 0 ? undefined : b.parent % i })));

const set = fc.record({ domain: fc.constantFrom(...DOM), include: fc.subarray(KW, { minLength: 1 }), exclude: fc.subarray(KW) });

function text(bps: Bp[]): string {
  return bps
    .map((b, i) => [`@blueprint B${i}${b.parent !== undefined ? ` : B${b.parent}` : ''}`, ...b.domains.map((d) => `  @domain ${d.domain} ${d.op} ${d.keywords.join(' ')}`), '@end'].join('\n'))
    .join('\n');
}

function keywords(bps: Bp[], i: number, domain: string): Set<string> {
  const b = bps[i] as Bp;
  let out = new Set<string>(b.parent !== undefined ? keywords(bps, b.parent, domain) : []);
  for (const d of b.domains) {
    if (d.domain !== domain) continue;
    if (d.op === '=') out = new Set();
    for (const k of d.keywords) out.add(k);
  }
  return out;
}

test('domain set members agree with a direct reading of the language', () => {
  fc.assert(
    fc.property(library, fc.array(set, { minLength: 1, maxLength: 4 }), (bps, sets) => {
      const l = lib(text(bps));
      for (const s of sets) {
        const include = s.include;
        const exclude = s.exclude.filter((k) => !include.includes(k));
        const expected = bps
          .map((_, i) => i)
          .filter((i) => {
            const kws = keywords(bps, i, s.domain);
            return include.every((k) => kws.has(k)) && exclude.every((k) => !kws.has(k));
          })
          .map((i) => `B${i}`);
        expect(l.members(s.domain, include, exclude)).toEqual(expected);
      }
    }),
    { numRuns: 40, seed: 10 },
  );
});

test('random libraries print and parse back to the same tree', () => {
  fc.assert(
    fc.property(library, (bps) => {
      const a = parseBlueprintFile(text(bps), 'r.bp');
      expect(stripSpans(parseBlueprintFile(printBlueprintFile(a), 'r.bp'))).toEqual(stripSpans(a));
    }),
    { numRuns: 100, seed: 11 },
  );
});
