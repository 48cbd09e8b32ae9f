/**
 * The tree-grammar analysis (src/generate/grammar/analyze.ts), each finding
 * checked against generation over many seeds: a rule reported as never fired
 * never fires, a start symbol reported as unable to finish fails every seed,
 * a pre-selector reported as naming another nonterminal's rule changes no
 * artifact when it is deleted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGrammar } from '../../../src/generate/grammar/analyze.js';
import { walk } from '../../../src/generate/grammar/artifact.js';
import { compileGrammar } from '../../../src/generate/grammar/grammar.js';
import { formatJson } from '../../../src/generate/grammar/format-json.js';
import { generateFrom } from '../../../src/generate/grammar/generate.js';
import { isGramlogError } from '../../../src/errors.js';
import { CODES } from '../../../src/codes/styles.js';
import { runCli } from '../../cli/fake-io.js';

const SEEDS = 200;

function analysis(text: string) {
  const r = analyzeGrammar([{ file: 'g.gdl', text }]);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.analysis!;
}

function codes(text: string, code: string): string[] {
  return analysis(text)
    .findings.filter((f) => f.code === code)
    .map((f) => /rule (\S+) \(/.exec(f.message)?.[1] ?? f.message);
}

/** The rules chosen over `seeds` seeds (generation errors skipped). */
function fired(text: string, seeds = SEEDS): Set<string> {
  const g = compileGrammar(text);
  const out = new Set<string>();
  for (let s = 0; s < seeds; s++) {
    try {
      for (const n of walk(generateFrom(g, s).root)) if (n.rule) out.add(n.rule);
    } catch (e) {
      if (!isGramlogError(e)) throw e;
    }
  }
  return out;
}

describe('grammar/rule-never-fires', () => {
  const text = `(start s)
(rule s a 1) (rule s b 1) (rule s c 1) (rule s z 0)
(child a 0 t) (child b 0 t) (child c 0 t)
(rule t x 1) (rule t y 1) (rule t w 2)
(<= (forbid ?n b) (symbol ?n s))          ; everywhere: b never fires
(<= (force ?n x) (symbol ?n t) (depth ?n ?d)) ; everywhere: y and w never fire
(<= (forbid ?n c) (arg ?n big yes))        ; only some nodes: c may fire
`;

  it('reports exactly the rules no seed can choose, and generation agrees over many seeds', () => {
    const never = codes(text, 'grammar/rule-never-fires').sort();
    expect(never).toEqual(['b', 'w', 'y', 'z']);
    const seen = fired(text);
    for (const r of never) expect(seen.has(r), r).toBe(false);
    for (const r of ['a', 'c', 'x']) expect(seen.has(r), r).toBe(true);
  });

  it('does not report a forbidden rule that a force can name', () => {
    const forced = `(start s) (rule s a 1) (rule s b 1)\n(<= (forbid ?n b) (symbol ?n s))\n(<= (force ?n ?r) (arg ?n pick ?r))\n`;
    expect(codes(forced, 'grammar/rule-never-fires')).toEqual([]);
  });

  it('holds for random grammars with forbid-everywhere statements (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }), (leaf, forbidden) => {
        const rules = ['r0', 'r1', 'r2', 'r3'];
        const lines = ['(start s)', '(rule s r0 1) (rule s r1 2) (rule s r2 1) (rule s r3 3)', '(rule u done 1)'];
        rules.forEach((r, i) => lines.push(leaf[i] ? `(child ${r} 0 u)` : `(child ${r} 0 s)`));
        lines.push('(<= (force ?n r0) (symbol ?n s) (depth ?n ?d) (> ?d 3))'); // r0 is forcible: never reported
        for (const i of forbidden) lines.push(`(<= (forbid ?n r${i}) (symbol ?n s))`);
        const src = lines.join('\n') + '\n';
        const never = codes(src, 'grammar/rule-never-fires');
        const expected = [...new Set(forbidden)].filter((i) => i !== 0).map((i) => `r${i}`).sort();
        expect([...never].sort()).toEqual(expected);
        const seen = fired(src, 40);
        for (const r of never) expect(seen.has(r)).toBe(false);
      }),
      { numRuns: 15, seed: 7 },
    );
  });
});

describe('grammar/no-termination', () => {
  const failsEverySeed = (text: string) => {
    const g = compileGrammar(text);
    for (let s = 0; s < 50; s++) {
      let code = '';
      try {
        generateFrom(g, s);
      } catch (e) {
        if (!isGramlogError(e)) throw e;
        code = e.code;
      }
      expect(code, `seed ${s}`).toBe('generate/maxdepth');
    }
  };

  it('reports a start symbol whose every rule recurses, and every seed fails', () => {
    const loop = '(start s)\n(rule s again 1) (rule s twice 1) (child again 0 s) (child twice 0 s) (child twice 1 s)\n(maxdepth 20)\n';
    const f = analysis(loop).findings.filter((x) => x.code === 'grammar/no-termination');
    expect(f).toHaveLength(1);
    expect(f[0]!.span?.line).toBe(1);
    failsEverySeed(loop);
  });

  it('reports a tree deeper than maxdepth, and not one exactly as deep', () => {
    const chain = (depth: number) => `(start a)\n(rule a r1 1) (child r1 0 b)\n(rule b r2 1) (child r2 0 c)\n(rule c r3 1) (child r3 0 d)\n(rule d leaf 1)\n(maxdepth ${depth})\n`;
    expect(analysis(chain(2)).findings.map((f) => f.code)).toEqual(['grammar/no-termination']);
    failsEverySeed(chain(2));
    expect(analysis(chain(3)).findings).toEqual([]);
    expect(() => generateFrom(compileGrammar(chain(3)), 0)).not.toThrow();
  });

  it('counts only rules that can fire: a leaf rule forbidden everywhere does not end the recursion', () => {
    const text = '(start s)\n(rule s more 1) (rule s stop 1) (child more 0 s)\n(<= (forbid ?n stop) (symbol ?n s))\n(maxdepth 10)\n';
    const found = analysis(text).findings.map((f) => f.code).sort();
    expect(found).toEqual(['grammar/no-termination', 'grammar/rule-never-fires']);
    failsEverySeed(text);
  });
});

describe('grammar/other-nonterminal', () => {
  const text = `(start s)
(rule s a 1) (rule s b 1) (child a 0 t) (child b 0 t)
(rule t c 1) (rule t d 3)
(<= (forbid ?n c) (symbol ?n s))
`;
  it('reports the rule at its place, and deleting the statement changes no artifact', () => {
    const f = analysis(text).findings.filter((x) => x.code === 'grammar/other-nonterminal');
    expect(f).toHaveLength(1);
    expect([f[0]!.span?.line, f[0]!.span?.column]).toEqual([4, 16]);
    const without = text.replace(/\(<= \(forbid[^\n]*\n/, '');
    const a = compileGrammar(text);
    const b = compileGrammar(without);
    for (let s = 0; s < 100; s++) expect(formatJson(generateFrom(a, s))).toBe(formatJson(generateFrom(b, s)));
  });
});

describe('the registered examples', () => {
  it.each(CODES.map((c) => [c.code, c] as const))('%s: its example reports it with its command', async (code, info) => {
    const ex = info.example!;
    const argv = ex.command.split(' ').slice(1);
    const r = await runCli(argv, { [ex.file]: ex.text });
    expect(r.stdout + r.stderr).toContain(`${info.severity}[${code}]`);
    expect(r.code).toBe(info.severity === 'error' ? 1 : 0);
  });
});

describe('the example grammars', () => {
  it('rules/tree.gdl and rules/dungeon.gdl have no findings, with every nonterminal\'s smallest subtree', async () => {
    const tree = await runCli(['analyze', 'rules/tree.gdl', '--json']);
    expect(tree.code).toBe(0);
    const j = JSON.parse(tree.stdout) as { kind: string; nonterminals: Array<{ name: string; height: number | null }>; findings: unknown[] };
    expect(j.kind).toBe('grammar');
    expect(j.findings).toEqual([]);
    expect(j.nonterminals).toEqual([
      { name: 'tip', rules: ['flower', 'leaf'], height: 0 },
      { name: 'tree', rules: ['bud', 'fork', 'grow'], height: 1 },
    ]);
  });
});
