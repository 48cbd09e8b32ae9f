import { describe, expect, it } from 'vitest';
import { compileGrammar } from '../../../src/generate/grammar/index.js';
import { prepareLayers } from '../../../src/generate/layers/index.js';
import { errorOf, load } from '../../helpers.js';
import { runCli } from '../../cli/fake-io.js';

const QUEST = '(start quest)\n(rule quest find 1) (child find 0 item) (rule item sword 1) (rule item shield 1)\n';

describe('grammar mistakes found at load', () => {
  it('a start symbol no rule expands is an error at the start fact, with "did you mean"', () => {
    const e = errorOf(() => compileGrammar(QUEST.replace('(start quest)', '(start qeust)'), { file: 'q.gdl' }));
    expect(e.code).toBe('generate/start-no-rule');
    expect(e.message).toBe("the start symbol qeust has no (rule qeust RULE WEIGHT): the artifact would be a single node; did you mean 'quest'?");
    expect(e.span).toMatchObject({ file: 'q.gdl', line: 1, column: 1 });
  });

  it('a pre-selector naming an unknown rule as a constant is an error at the name, with "did you mean"', () => {
    const e = errorOf(() => compileGrammar(QUEST + '(<= (forbid ?n swrd) (depth ?n 3))\n(<= (transfer ?n sword shild) (depth ?n 1))', { file: 'q.gdl' }));
    expect(e.code).toBe('generate/unknown-rule');
    expect(e.diagnostics.map((d) => [d.span?.line, d.span?.column, d.message])).toEqual([
      [3, 16, "(forbid ...) names swrd, which is no rule: there is no (rule NT swrd WEIGHT); did you mean 'sword'?"],
      [4, 24, "(transfer ...) names shild, which is no rule: there is no (rule NT shild WEIGHT); did you mean 'shield'?"],
    ]);
    // a variable in that position is no mistake, nor a rule of another nonterminal
    expect(() => compileGrammar(QUEST + '(<= (forbid ?n ?r) (rule item ?r ?w) (depth ?n 9))\n(<= (forbid ?n find) (depth ?n 5))')).not.toThrow();
  });

  it('a (child ...) naming an unknown rule says which rule was meant', () => {
    const e = errorOf(() => compileGrammar(QUEST + '(child fnd 1 item)', { file: 'q.gdl' }));
    expect(e.code).toBe('generate/unknown-rule');
    expect(e.message).toContain("did you mean 'find'?");
  });

  it('warns about a nonterminal no rule reaches, suggesting the misspelt child', () => {
    const g = compileGrammar('(start s) (rule s go 1) (child go 0 romo) (rule rome big 1)\n(terminal romo)', { file: 'r.gdl' });
    expect(g.warnings.map((d) => [d.code, d.severity, d.span?.column, d.message])).toEqual([
      [
        'generate/unreachable',
        'warning',
        43,
        "nonterminal rome has rules but no rule reaches it from the start symbol s, so they never run: is a (child RULE INDEX SYMBOL) misspelt? did you mean 'romo'?",
      ],
    ]);
    expect(compileGrammar(QUEST).warnings).toEqual([]);
  });

  it('a child symbol no rule expands, close to a nonterminal, is an error unless declared (terminal SYMBOL)', () => {
    const text = '(start quest)\n(rule quest more 1) (child more 0 stage) (child more 1 stags)\n(rule stage s1 1)\n';
    const e = errorOf(() => compileGrammar(text, { file: 's.gdl' }));
    expect(e.code).toBe('generate/terminal-typo');
    expect(e.span).toMatchObject({ file: 's.gdl', line: 2, column: 56 });
    expect(e.message).toBe("(child more 1 stags): no rule expands stags, so it would be a terminal and end the branch; did you mean 'stage'? If stags is meant to be a terminal, declare (terminal stags)");
    expect(compileGrammar(text + '(terminal stags)').warnings).toEqual([]);
    // far from every nonterminal, short, or the item of a list nonterminal: a terminal
    expect(() => compileGrammar('(start s) (rule s a 1) (child a 0 x) (child a 1 gold) (rule monsters one 1) (child one 0 monster) (child a 2 monsters)')).not.toThrow();
  });

  it('a (symbol ?n NAME) naming no symbol of the grammar is an error at the name', () => {
    const e = errorOf(() => compileGrammar(QUEST + '(<= (forbid ?n find) (symbol ?n qest))', { file: 'q.gdl' }));
    expect(e.code).toBe('vocabulary/unknown-name');
    expect(e.span).toMatchObject({ line: 3, column: 33 });
    expect(e.message).toContain("did you mean 'quest'?");
  });

  it('warns about a violation rule that reads a relation nothing defines, in grammars and layer files', () => {
    const g = compileGrammar(QUEST + '(<= (violation two) (chose ?a sword) (chose ?b sword) (distnct ?a ?b))', { file: 'v.gdl' });
    expect(g.warnings.map((d) => [d.code, d.span?.line, d.message])).toEqual([
      ['generate/violation-never', 3, "this violation rule can never fire: it reads (distnct ?a ?b), and no fact or rule defines distnct/2; did you mean 'distinct'?"],
    ]);
    expect(compileGrammar(QUEST + '(<= (violation two) (chose ?a sword) (chose ?b sword) (distinct ?a ?b))').warnings).toEqual([]);
    const layers = prepareLayers(load('(layer a 1) (site a 1)\n(<= (violation none) (not (placd a 1)))\n(<= (violation one) (placd a 1))', 'l.gdl'));
    expect(layers.warnings.map((d) => [d.code, d.span?.line, d.message])).toEqual([
      ['generate/violation-never', 3, "this violation rule can never fire: it reads (placd a 1), and no fact or rule defines placd/2; did you mean 'placed'?"],
    ]);
  });

  it('gramlog generate and check stop on the errors and print the warnings', async () => {
    const typo = { 'q.gdl': QUEST.replace('(start quest)', '(start qeust)') };
    for (const cmd of ['generate', 'check']) {
      const r = await runCli([cmd, 'q.gdl'], typo);
      expect(r.code, cmd).toBe(1);
      expect(r.stdout, cmd).toBe('');
      expect(r.stderr, cmd).toMatch(/^q\.gdl:1:1: error\[generate\/start-no-rule\]: the start symbol qeust has no/);
    }
    const warn = await runCli(['generate', 'r.gdl', '--seed', '1'], { 'r.gdl': '(start s) (rule s go 1) (child go 0 romo) (rule rome big 1) (terminal romo)' });
    expect(warn.code).toBe(0);
    expect(warn.stderr).toMatch(/^r\.gdl:1:43: warning\[generate\/unreachable\]/);
  });
});

