/**
 * --satisfy's exact part: the seed's own draw when it satisfies (the same
 * artifact as plain generation), else the first redraw from streams derived
 * from the seed, which is rejection sampling: its distribution is the
 * generator's conditioned on the constraints. Checked against the
 * conditional distribution computed exactly on a small grammar.
 */
import { describe, expect, it } from 'vitest';
import { compileStyle, generateArtifact } from '../../../src/generate/styles.js';
import { grammarStyle } from '../../../src/generate/grammar/style.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import { drawSeed } from '../../../src/generate/satisfy/draws.js';
import { NO_VIOLATIONS } from '../../../src/generate/violations.js';

/** A root of weight 1..4 rules; `d` is forbidden by a violation, `c` only when its child chose y. */
const FILE = {
  file: 'w.gdl',
  text: `(start s)
(rule s a 1) (rule s b 2) (rule s c 3) (rule s d 4)
(child c 0 t)
(rule t x 1) (rule t y 1)
(<= (violation no-d ?n) (chose ?n d))
(<= (violation c-with-y ?n) (chose ?n c) (parent ?m ?n) (chose ?m y))
`,
};

/** The artifact's shape: the root's rule and, under c, its child's. */
function shape(text: string): string {
  const root = (JSON.parse(text) as { root: { rule: string; children: Array<{ rule?: string }> } }).root;
  return root.rule + (root.children[0]?.rule ? `/${root.children[0].rule}` : '');
}

describe('--satisfy: exact redraws', () => {
  const compiled = compileStyle([FILE]);

  it('gives the same artifact as plain generation on every seed whose own draw satisfies', () => {
    let same = 0;
    for (let seed = 0; seed < 300; seed++) {
      const plain = generateArtifact(compiled, seed, { format: 'json' });
      const sat = generateArtifact(compiled, seed, { format: 'json', satisfy: true });
      expect(sat.violations).toEqual([]);
      if (plain.violations.length === 0) {
        expect(sat.text).toBe(plain.text);
        expect(sat.satisfy?.method).toBe('plain');
        same++;
      } else {
        expect(sat.satisfy?.method).toBe('redraw');
        expect(JSON.parse(sat.text)).toMatchObject({ seed, satisfy: { method: 'redraw' } });
      }
    }
    expect(same).toBeGreaterThan(50);
  });

  it('redraw K is the plain artifact of the seed SEED/satisfy/K, reported under SEED', () => {
    const a = grammarStyle.generate(compiled.grammar as never, 7, { redraw: 3 });
    const b = grammarStyle.generate(compiled.grammar as never, drawSeed(7, 3));
    expect(a.seed).toBe(7);
    expect(grammarStyle.format({ ...b, seed: 7 }, 'json', NO_VIOLATIONS)).toBe(grammarStyle.format(a, 'json', NO_VIOLATIONS));
  });

  it('samples the conditional distribution: total variation from it under 0.03 over 4000 seeds', () => {
    // plain: a 1/10, b 2/10, c 3/10 (x or y: 1/2 each), d 4/10; allowed: a, b, c/x -> 1 : 2 : 1.5
    const exact: Record<string, number> = { a: 1 / 4.5, b: 2 / 4.5, 'c/x': 1.5 / 4.5 };
    const satisfier = new Satisfier(grammarStyle, compiled.grammar);
    const counts: Record<string, number> = {};
    const n = 4000;
    for (let seed = 0; seed < n; seed++) {
      const got = satisfier.one(seed);
      const key = shape(grammarStyle.format(got.artifact as never, 'json', NO_VIOLATIONS));
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const keys = new Set([...Object.keys(exact), ...Object.keys(counts)]);
    let tv = 0;
    for (const k of keys) tv += Math.abs((counts[k] ?? 0) / n - (exact[k] ?? 0));
    tv /= 2;
    expect(Object.keys(counts).sort()).toEqual(['a', 'b', 'c/x']);
    expect(tv).toBeLessThan(0.03);
  });
});
