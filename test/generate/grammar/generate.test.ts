import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import {
  compileGrammar,
  formatJson,
  generate,
  generateFrom,
  walk,
  type Artifact,
  type ArtifactNode,
} from '../../../src/generate/grammar/index.js';
import { errorOf } from '../../helpers.js';

const rootRule = (a: Artifact) => a.root.rule;

/** Chi-square statistic of observed counts against expected probabilities. */
function chiSquare(counts: number[], probs: number[], n: number): number {
  let x = 0;
  probs.forEach((p, i) => {
    if (p === 0) return;
    const e = p * n;
    x += ((counts[i] as number) - e) ** 2 / e;
  });
  return x;
}
/** Upper 0.1% points of chi-square for 1..6 degrees of freedom. */
const CHI2_999 = [10.83, 13.82, 16.27, 18.47, 20.52, 22.46];

const FREQ = `
(start s)
(rule s a 1) (rule s b 2) (rule s c 3) (rule s d 4)
(<= (addprob ?n a 1) (symbol ?n s))            ; a: 2
(<= (scaleprob ?n b 3) (symbol ?n s))          ; b: 6
(<= (transfer ?n c d) (symbol ?n s))           ; c: 0, d: 7
`;

describe('frequencies', () => {
  it('each rule is chosen with the pipeline probability (chi-square, 4000 seeds)', () => {
    const g = compileGrammar(FREQ, { file: 'freq.gdl' });
    const explained = generateFrom(g, 0, { explain: true });
    const store = explained.history?.store;
    const [rules] = store?.query('[:find ?rs . :where [?e "node/path" "n"] [?e "node/rules" ?rs]]') ?? [];
    const [weights] = store?.query('[:find ?w . :where [?s "step/node" "n"] [?s "step/name" "normalize"] [?s "step/weights" ?w]]') ?? [];
    const names = JSON.parse(String(rules?.[0])) as string[];
    const probs = JSON.parse(String(weights?.[0])) as number[];
    expect(names).toEqual(['a', 'b', 'c', 'd']);
    expect(probs.map((p) => p * 15)).toEqual([2, 6, 0, 7].map((x) => expect.closeTo(x, 9)));
    const n = 4000;
    const counts = [0, 0, 0, 0];
    for (let seed = 1; seed <= n; seed++) {
      const i = names.indexOf(rootRule(generateFrom(g, seed)) as string);
      counts[i] = (counts[i] as number) + 1;
    }
    expect(counts[2]).toBe(0); // transferred away: never chosen
    expect(chiSquare(counts, probs, n)).toBeLessThan(CHI2_999[2] as number); // 3 positive cells: df 2
  });

  it('a child nonterminal is drawn with its own pipeline (binomial bound, 3000 seeds)', () => {
    const g = compileGrammar(`
      (start top) (rule top pair 1) (child pair 0 coin) (child pair 1 coin)
      (rule coin heads 1) (rule coin tails 1)
      (<= (setprob ?n heads 3) (parent ?n ?p) (symbol ?p top))
    `);
    const n = 3000;
    let heads = 0;
    for (let seed = 0; seed < n; seed++) if (generateFrom(g, seed).root.children[1]?.rule === 'heads') heads++;
    // p = 3/4; 4 standard deviations
    const sd = Math.sqrt(n * 0.75 * 0.25);
    expect(Math.abs(heads - 0.75 * n)).toBeLessThan(4 * sd);
  });

  it('property: forbidden rules never occur, over random weights and forbid sets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 5 }),
        fc.uniqueArray(fc.nat({ max: 4 }), { maxLength: 4 }),
        fc.boolean(),
        (weights, forbidden, except) => {
          const k = weights.length;
          const banned = forbidden.filter((i) => i < k);
          const lines = weights.map((w, i) => `(rule s r${i} ${w})`);
          lines.push('(start s)');
          for (const i of banned) lines.push(`(<= (${except ? 'forbidexcept' : 'forbid'} ?n r${i}) (symbol ?n s))`);
          const allowed = (i: number) => (except ? banned.length === 0 || banned.includes(i) : !banned.includes(i));
          const g = compileGrammar(lines.join('\n'));
          const possible = weights.some((w, i) => w > 0 && allowed(i));
          for (let seed = 0; seed < 25; seed++) {
            if (!possible) {
              expect(errorOf(() => generateFrom(g, seed)).code).toBe('generate/all-zero');
              return;
            }
            const chosen = Number((rootRule(generateFrom(g, seed)) as string).slice(1));
            expect(allowed(chosen)).toBe(true);
            expect(weights[chosen]).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('pre-selectors in a grammar', () => {
  it('force picks a rule of weight 0', () => {
    const g = compileGrammar('(start s) (rule s a 1) (rule s z 0) (<= (force ?n z) (symbol ?n s))');
    for (let seed = 0; seed < 20; seed++) expect(rootRule(generateFrom(g, seed))).toBe('z');
  });

  it('two different forces on one node are an error naming both facts', () => {
    const g = compileGrammar('(start s) (rule s a 1) (rule s b 1)\n(<= (force ?n a) (symbol ?n s))\n(<= (force ?n b) (symbol ?n s))', { file: 'f.gdl' });
    const e = errorOf(() => generateFrom(g, 7));
    expect(e.code).toBe('generate/two-forces');
    expect(e.message).toContain('seed 7');
    expect(e.message).toContain('(force n a)');
    expect(e.message).toContain('(force n b)');
    expect(e.span?.file).toBe('f.gdl');
  });

  it('the default rule over (symbol ?n NT) applies to every rule of NT', () => {
    const g = compileGrammar('(start s) (rule s a 1) (rule s b 1) (rule t c 1)\n(<= (setprob ?n ?r 0) (symbol ?n s) (rule s ?r ?w))\n(<= (force ?n b) (symbol ?n s))');
    expect(rootRule(generateFrom(g, 1))).toBe('b');
  });

  it('ignores pre-selector facts about rules of another nonterminal, rejects unknown rules', () => {
    const g = compileGrammar('(start s) (rule s a 1) (rule t c 1) (<= (forbid ?n c) (symbol ?n s))');
    expect(rootRule(generateFrom(g, 1))).toBe('a');
    const e = errorOf(() => compileGrammar('(start s) (rule s a 1)\n(<= (forbid ?n typo) (symbol ?n s))', { file: 'u.gdl' }));
    expect(e.code).toBe('generate/unknown-rule');
    expect(e.message).toContain('typo');
    expect(e.span).toMatchObject({ file: 'u.gdl', line: 2 });
  });

  it('sees the node, its ancestors, their choices and the applied counts', () => {
    const g = compileGrammar(`
      (start s) (startarg size 3)
      (rule s grow 1) (rule s stop 0) (child grow 0 s)
      (<= (childarg ?n grow 0 size ?m) (arg ?n size ?k) (- ?k 1 ?m))
      (<= (force ?n stop) (arg ?n size 0))
      (<= (attr ?n depth ?d) (depth ?n ?d))
      (<= (attr ?n up ?r) (parent ?n ?p) (chose ?p ?r))
      (<= (attr ?n grown ?k) (symbol ?n s) (applied grow ?k))
    `);
    const a = generateFrom(g, 5);
    const nodes = [...walk(a.root)];
    expect(nodes.map((n) => [n.id, n.rule, n.args['size'], n.attrs['depth'], n.attrs['up'], n.attrs['grown']])).toEqual([
      ['n', 'grow', '3', '0', undefined, '0'],
      ['n/0', 'grow', '2', '1', 'grow', '1'],
      ['n/0/0', 'grow', '1', '2', 'grow', '2'],
      ['n/0/0/0', 'stop', '0', '3', 'grow', '3'],
    ]);
    expect(a.applied).toEqual({ grow: 3, stop: 1 });
  });

  it('attributes may read the node’s own choice', () => {
    const g = compileGrammar('(start s) (rule s a 1) (kind a vowel) (<= (attr ?n kind ?k) (chose ?n ?r) (kind ?r ?k))');
    expect(generateFrom(g, 0).root.attrs).toEqual({ kind: 'vowel' });
  });
});

describe('errors', () => {
  it('all-zero names the node path, the nonterminal and every fact that removed weight, with spans', () => {
    const text = [
      '(start s) (rule s go 1) (child go 0 t)',
      '(rule t a 2) (rule t b 1) (rule t c 0)',
      '(<= (forbid ?n a) (symbol ?n t))',
      '(<= (transfer ?n b a) (symbol ?n t))',
    ].join('\n');
    const g = compileGrammar(text, { file: 'z.gdl' });
    const e = errorOf(() => generateFrom(g, 3));
    expect(e.code).toBe('generate/all-zero');
    expect(e.message).toContain('seed 3');
    expect(e.message).toContain('node n/0 (t, depth 1)');
    expect(e.message).toMatch(/a: forbidden by \(forbid n\/0 a\) \[z\.gdl:3:1\]/);
    expect(e.message).toMatch(/b: moved to a by \(transfer n\/0 b a\) \[z\.gdl:4:1\]/);
    expect(e.message).toMatch(/c: base weight 0 \[z\.gdl:2:27\]/);
    expect(e.span).toMatchObject({ file: 'z.gdl', line: 3 });
    // each rule is explained once: one diagnostic, no repetition of the rules as separate errors
    expect(e.diagnostics).toHaveLength(1);
    for (const rule of ['a', 'b', 'c']) expect(e.message.match(new RegExp(`^  ${rule}: `, 'gm'))).toHaveLength(1);
  });

  it('all-zero blames each forbid fact on the rule instance that derived it, not the first forbid rule', () => {
    const text = [
      '(start s) (rule s a 1) (rule s b 1)',
      '(bad a) (worse b)',
      '',
      '',
      '(<= (forbid ?n ?r) (symbol ?n s) (bad ?r))',
      '(<= (forbid ?n ?r) (symbol ?n s) (worse ?r))',
    ].join('\n');
    const g = compileGrammar(text, { file: 'b.gdl' });
    const e = errorOf(() => generateFrom(g, 1));
    expect(e.code).toBe('generate/all-zero');
    expect(e.message).toMatch(/a: forbidden by \(forbid n a\) \[b\.gdl:5:1\]/);
    expect(e.message).toMatch(/b: forbidden by \(forbid n b\) \[b\.gdl:6:1\]/);
  });

  it('two forces are located at the rule that derived the second', () => {
    const text = '(start s) (rule s a 1) (rule s b 1) (first a) (pick b)\n(<= (force ?n ?r) (symbol ?n s) (first ?r))\n(<= (force ?n ?r) (symbol ?n s) (pick ?r))';
    const e = errorOf(() => generateFrom(compileGrammar(text, { file: 'f.gdl' }), 1));
    expect(e.code).toBe('generate/two-forces');
    // the second fact named is the one located
    const second = /and \(force n (\w)\)/.exec(e.message)?.[1];
    expect(e.span).toMatchObject({ file: 'f.gdl', line: second === 'a' ? 2 : 3 });
    expect(second).toBe('b');
  });

  it('maxdepth names the rule that keeps recursing', () => {
    const g = compileGrammar('(maxdepth 20)\n(start s) (rule s loop 5) (rule s end 1) (child loop 0 s)\n(<= (forbid ?n end) (symbol ?n s))', { file: 'd.gdl' });
    const e = errorOf(() => generateFrom(g, 1));
    expect(e.code).toBe('generate/maxdepth');
    expect(e.message).toContain('maxdepth 20');
    expect(e.message).toContain('rule loop (s) was chosen 21 times');
    expect(e.span).toMatchObject({ file: 'd.gdl', line: 2 });
  });

  it('maxnodes names the rule applied most often, and the default depth limit is 64', () => {
    const g = compileGrammar('(maxnodes 500) (maxdepth 1000)\n(start s) (rule s two 1) (child two 0 s) (child two 1 s)', { file: 'm.gdl' });
    const e = errorOf(() => generateFrom(g, 1));
    expect(e.code).toBe('generate/maxnodes');
    expect(e.message).toContain('rule two (s) was applied');
    const deep = compileGrammar('(start s) (rule s one 1) (child one 0 s)');
    expect(deep.maxDepth).toBe(64);
    expect(deep.maxNodes).toBe(100_000);
    expect(errorOf(() => generateFrom(deep, 1)).message).toContain('maxdepth 64');
  });

  it('rejects files that are not grammars, bad weights, and two values for one argument', () => {
    expect(errorOf(() => compileGrammar('(rule s a 1)')).code).toBe('generate/no-start');
    expect(errorOf(() => compileGrammar('(start s)')).code).toBe('generate/no-rules');
    expect(errorOf(() => compileGrammar('(start s) (rule s a heavy)')).code).toBe('generate/weight');
    expect(errorOf(() => compileGrammar('(start s) (rule s a 1) (rule t a 1)')).code).toBe('generate/rule-twice');
    expect(errorOf(() => compileGrammar('(start s) (rule s a 1) (child b 0 x)')).code).toBe('generate/unknown-rule');
    expect(errorOf(() => compileGrammar('(start s) (rule s a 1) (<= (rule s b 1) (depth ?n 0))')).code).toBe('generate/static');
    const two = compileGrammar('(start s) (rule s a 1) (child a 0 x) (<= (childarg ?n a 0 k 1) (symbol ?n s)) (<= (childarg ?n a 0 k 2) (symbol ?n s))');
    expect(errorOf(() => generateFrom(two, 0)).code).toBe('generate/two-values');
    expect(errorOf(() => compileGrammar('(start s) (rule s a 1) (<= (addprob ?n a lots) (symbol ?n s))')).code).toBe('vocabulary/arg-kind');
    const nan = compileGrammar('(start s) (rule s a 1) (amount lots) (<= (addprob ?n a ?x) (symbol ?n s) (amount ?x))');
    expect(errorOf(() => generateFrom(nan, 0)).code).toBe('generate/not-a-number');
  });
});

describe('determinism and stability', () => {
  const TWO_SUBTREES = (leftWeights: string) => `
    (start root) (rule root split 1) (child split 0 left) (child split 1 right)
    (rule left l1 1) (rule left l2 1) (rule left l3 ${leftWeights}) (child l1 0 left) (child l2 0 leaf)
    (rule right r1 1) (rule right r2 1) (child r1 0 right) (child r2 0 leaf)
    (<= (forbid ?n l1) (depth ?n ?d) (> ?d 6)) (<= (forbid ?n r1) (depth ?n ?d) (> ?d 6))
  `;

  it('the same grammar, seed and params give byte-identical output', () => {
    const text = TWO_SUBTREES('1');
    for (const seed of [0, 1, 42, 'text-seed']) {
      expect(formatJson(generate(text, { seed }))).toBe(formatJson(generate(text, { seed })));
    }
    const outs = new Set(Array.from({ length: 20 }, (_, s) => formatJson(generate(text, { seed: s })).replace(/"seed":\d+/, '')));
    expect(outs.size).toBeGreaterThan(5);
  });

  it('editing a rule of one subtree leaves the other subtree unchanged (per-node streams)', () => {
    const before = compileGrammar(TWO_SUBTREES('1'));
    const after = compileGrammar(TWO_SUBTREES('7'));
    let leftChanged = 0;
    for (let seed = 0; seed < 60; seed++) {
      const a = generateFrom(before, seed).root;
      const b = generateFrom(after, seed).root;
      expect(b.children[1]).toEqual(a.children[1]);
      if (JSON.stringify(a.children[0]) !== JSON.stringify(b.children[0])) leftChanged++;
    }
    expect(leftChanged).toBeGreaterThan(10); // the edit did change the subtree it affects
  });

  it('the memo never changes an artifact', () => {
    const idsInArgs = `(start s) (startarg k 4) (rule s a 1) (rule s b 1) (rule s stop 0) (child a 0 s) (child b 0 s) (child b 1 s)
      (<= (childarg ?n ?r ?i k ?m) (arg ?n k ?x) (- ?x 1 ?m) (child ?r ?i s))
      (<= (childarg ?n ?r ?i from ?n) (child ?r ?i s) (symbol ?n s))
      (<= (force ?n stop) (arg ?n k 0))
      (<= (force ?n a) (arg ?n from ?p) (parent ?n ?p) (chose ?p b) (arg ?n k ?x) (> ?x 0))`;
    const texts = [idsInArgs, TWO_SUBTREES('2'), '(start s) (startarg k 3) (rule s a 1) (rule s b 1) (child a 0 s) (child b 0 s) (child b 1 s) (<= (childarg ?n ?r ?i k ?m) (arg ?n k ?x) (- ?x 1 ?m) (child ?r ?i s)) (<= (force ?n stop) (arg ?n k 0)) (rule s stop 0) (<= (attr ?n me ?n) (symbol ?n s)) (<= (attr ?n up ?p) (parent ?n ?p))'];
    for (const text of texts) {
      const g = compileGrammar(text);
      for (let seed = 0; seed < 40; seed++) {
        expect(formatJson(generateFrom(g, seed, { memo: true }))).toBe(formatJson(generateFrom(g, seed, { memo: false })));
      }
    }
  });

  it('property: the memo never changes an artifact or an error, over random grammars', () => {
    const POOL = [
      '(<= (forbid ?n a) (depth ?n ?d) (> ?d 3))',
      '(<= (addprob ?n b 2) (parent ?n ?p) (chose ?p a))',
      '(<= (scaleprob ?n c 0.5) (symbol ?n s) (applied c ?k) (> ?k 2))',
      '(<= (transfer ?n a c) (arg ?n k ?x) (< ?x 2))',
      '(<= (force ?n stop) (depth ?n ?d) (>= ?d 6))',
      '(<= (setprob ?n b 0) (symbol ?n s) (arg ?n side left))',
      '(<= (childarg ?n ?r 0 side left) (child ?r 0 s) (symbol ?n s))',
      '(<= (childarg ?n ?r ?i k ?m) (child ?r ?i s) (arg ?n k ?x) (+ ?x 1 ?m))',
      '(<= (childarg ?n ?r ?i from ?n) (child ?r ?i s) (symbol ?n s))',
      '(<= (attr ?n me ?n) (symbol ?n s))',
      '(<= (attr ?n up (of ?p)) (parent ?n ?p))',
      '(<= (attr ?n rule ?r) (chose ?n ?r))',
      '(<= (forbidexcept ?n stop) (arg ?n from ?p) (parent ?n ?p) (chose ?p c))',
    ];
    fc.assert(
      fc.property(
        fc.subarray(POOL),
        fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
        (rules, [wa, wb, wc]) => {
          const text = [
            '(maxdepth 8) (maxnodes 300) (start s) (startarg k 0)',
            `(rule s a ${wa}) (rule s b ${wb}) (rule s c ${wc}) (rule s stop 1)`,
            '(child a 0 s) (child b 0 s) (child b 1 x) (child c 0 s) (child c 1 s)',
            ...rules,
          ].join('\n');
          const g = compileGrammar(text);
          const outcome = (memo: boolean, seed: number) => {
            try {
              return formatJson(generateFrom(g, seed, { memo }));
            } catch (e) {
              if (e instanceof GramlogError) return `${e.code}: ${e.message}`;
              throw e;
            }
          };
          for (let seed = 0; seed < 4; seed++) expect(outcome(true, seed)).toBe(outcome(false, seed));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('node ids used as values are the real ids, with and without the memo', () => {
    const g = compileGrammar('(start s) (rule s a 1) (child a 0 x) (<= (attr ?n me ?n) (symbol ?n ?s)) (<= (attr ?n up ?p) (parent ?n ?p))');
    const a = generateFrom(g, 0);
    expect(a.root.attrs).toEqual({ me: 'n' });
    expect((a.root.children[0] as ArtifactNode).attrs).toEqual({ me: 'n/0', up: 'n' });
  });

  it('params override (param KEY VALUE) facts; unknown keys are refused', () => {
    const text = '(start s) (param n 1) (rule s a 1) (<= (attr ?x v ?v) (symbol ?x s) (param n ?v))';
    expect(generate(text).root.attrs).toEqual({ v: '1' });
    expect(generate(text, { params: { n: '5' } }).root.attrs).toEqual({ v: '5' });
    expect(generate(text.replace('(param n 1)', '(param n one)'), { params: { n: '(f "a b")' } }).root.attrs).toEqual({ v: '(f "a b")' });
    // the default is a number: so must the value be
    expect(errorOf(() => generate(text, { params: { n: '(f "a b")' } })).code).toBe('generate/param');
    expect(generate(text, { params: { n: '5' } }).params).toEqual([['n', '5']]);
    expect(errorOf(() => generate(text, { params: { m: '5' } })).code).toBe('generate/unknown-param');
    expect(errorOf(() => generate(text, { params: { n: '?x' } })).code).toBe('generate/param');
  });
});
