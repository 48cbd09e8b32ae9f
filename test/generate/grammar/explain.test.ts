import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { compileGrammar, explain, generateFrom, walk } from '../../../src/generate/grammar/index.js';

const TEXT = `
(start area) (startarg boss yes)
(rule area split 2) (rule area treasure 1) (rule area lair 1)
(child split 0 room)
(<= (transfer ?n treasure lair) (arg ?n boss yes))
(<= (forbid ?n split) (arg ?n boss yes))
`;

describe('explanations from the history store', () => {
  const g = compileGrammar(TEXT, { file: 'x.gdl' });
  const a = generateFrom(g, 9, { explain: true });

  it('records one transaction per node expansion, with the node in its metadata', () => {
    const history = a.history?.store.history() ?? [];
    expect(history.map((h) => h.meta['node'])).toEqual([...walk(a.root)].map((n) => n.id));
    expect(history.every((h) => h.meta['seed'] === '9' && h.added > 0)).toBe(true);
  });

  it('keeps each pipeline step as entities that queries can read', () => {
    const store = a.history?.store;
    const rows = store?.query('[:find ?si ?name ?w ?f :where [?s "step/node" "n"] [?s "step/index" ?si] [?s "step/name" ?name] [?s "step/weights" ?w] [?s "step/facts" ?f]]') ?? [];
    expect(rows.map((r) => r[1])).toEqual(['base', 'setprob', 'addprob', 'scaleprob', 'transfer', 'forbid', 'nonegative', 'normalize', 'force']);
    expect(store?.query('[:find ?rs . :where [?n "node/path" "n"] [?n "node/rules" ?rs]]')).toEqual([['["lair","split","treasure"]']]);
    const after = (step: string) => JSON.parse(String(rows.find((r) => r[1] === step)?.[2])) as number[];
    const facts = (step: string) => JSON.parse(String(rows.find((r) => r[1] === step)?.[3])) as string[];
    expect(after('base')).toEqual([1, 2, 1]);
    expect(after('transfer')).toEqual([2, 2, 0]);
    expect(after('forbid')).toEqual([2, 0, 0]);
    expect(after('normalize')).toEqual([1, 0, 0]);
    expect(facts('transfer')).toEqual(['(transfer n treasure lair)']);
    expect(facts('forbid')).toEqual(['(forbid n split)']);
    expect(facts('base')).toEqual([]);
    expect(store?.query('[:find ?r ?p :where [?c "choice/node" "n"] [?c "choice/rule" ?r] [?c "choice/probability" ?p]]')).toEqual([['lair', 1]]);
    expect(store?.query('[:find ?a :where [?n "node/path" "n"] [?n "node/args" ?a]]')).toEqual([['{"boss":"yes"}']]);
  });

  it('explains every node: weights after each step and the facts that changed them', () => {
    const text = explain(a);
    const lines = text.split('\n');
    expect(lines[0]).toBe('seed 9');
    expect(lines[1]).toBe('n  area  depth 0  (boss=yes)');
    expect(lines[2]).toBe('  chose lair  p=1');
    expect(lines[3]?.split(/\s+/).filter(Boolean)).toEqual(['step', 'lair', 'split', 'treasure']);
    const row = (step: string) => lines.find((l) => l.trimStart().startsWith(step + ' '))?.trim().split(/\s+/);
    expect(row('base')).toEqual(['base', '1', '2', '1']);
    expect(row('transfer')).toEqual(['transfer', '2', '2', '0', '(transfer', 'n', 'treasure', 'lair)', '[rule', 'x.gdl:5]']);
    expect(row('forbid')).toEqual(['forbid', '2', '0', '0', '(forbid', 'n', 'split)', '[rule', 'x.gdl:6]']);
    expect(row('normalize')).toEqual(['normalize', '1', '0', '0']);
    expect(explain(generateFrom(g, 9, { explain: true }))).toBe(text); // deterministic
  });

  it('names the rule instance that derived each fact of a step, with its line (issue 32: not the first rule of that relation)', () => {
    const two = compileGrammar(
      ['(start x) (rule x a 1) (rule x b 1) (rule x c 1)', '(bad a) (worse b)', '(addprob n c 1)', '', '(<= (forbid ?n ?r) (symbol ?n x) (bad ?r))', '(<= (forbid ?n ?r) (symbol ?n x) (worse ?r))'].join('\n'),
      { file: 'd.gdl' },
    );
    const lines = explain(generateFrom(two, 0, { explain: true })).split('\n');
    expect(lines.find((l) => l.trimStart().startsWith('forbid '))).toMatch(/ {2}\(forbid n a\) \[rule d\.gdl:5\] \(forbid n b\) \[rule d\.gdl:6\]$/);
    // a fact written as a fact names no rule
    expect(lines.find((l) => l.trimStart().startsWith('addprob '))).toMatch(/ {2}\(addprob n c 1\)$/);
  });

  it('says when a node was forced and when it is a terminal', () => {
    const f = compileGrammar('(start s) (rule s a 1) (rule s b 0) (child b 0 leaf) (<= (force ?n b) (symbol ?n s))');
    const text = explain(generateFrom(f, 1, { explain: true }));
    expect(text).toContain('chose b  forced');
    expect(text).toContain('n/0  leaf  depth 1  terminal');
  });

  it('refuses to explain an artifact generated without history', () => {
    expect(() => explain(generateFrom(g, 9))).toThrow(GramlogError);
  });
});
