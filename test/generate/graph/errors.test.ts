/** Located load errors of graph grammars: the JSON path and file:line:col, or file:line:col in a .gdl. */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar } from '../../../src/generate/graph/index.js';
import { errorOf } from '../../helpers.js';

const compile = (text: string, file = 'g.json') => () => compileGraphGrammar(text, { file });

describe('graph grammar errors', () => {
  it('an edge naming an unknown node: the JSON path and the place of the edge', () => {
    const text = '{"rules": [\n  {"lhs": "x", "rhs": {"node": ["a", "b"], "edge": [[0, 1], [1, 2]]}}\n]}';
    const e = errorOf(compile(text));
    expect(e.code).toBe('graph/unknown-node');
    expect(e.message).toMatch(/^rules\[0\]\.rhs\.edge\[1\]\[1\] \(rule rule #0\): edge target 2 is no RHS node id.*the RHS nodes are 0, 1/);
    expect(e.span).toMatchObject({ file: 'g.json', line: 2, column: 65 }); // the 2 of [1, 2]
  });

  it('JavaScript where data is required: condition, $test, a non-reference $eval, a weight expression', () => {
    const rule = (extra: string) => `{"rules": [{"lhs": "x", "rhs": "y"${extra}}]}`;
    expect(errorOf(compile(rule(', "condition": "1 < 2"'))).message).toMatch(/^rules\[0\]\.condition .*condition is JavaScript/);
    expect(errorOf(compile(rule(', "weight": "$a.label.length"'))).message).toMatch(/^rules\[0\]\.weight .*JavaScript expression.*give a number/);
    const test = errorOf(compile('{"rules": [{"lhs": {"node": [{"label": {"$test": "(l) => true"}}]}, "rhs": "y"}]}'));
    expect(test.code).toBe('graph/javascript');
    expect(test.message).toMatch(/^rules\[0\]\.lhs\.node\[0\]\.label\.\$test/);
    const ev = errorOf(compile('{"rules": [{"lhs": "x", "rhs": {"node": [{"label": {"$eval": "$a.label + 1"}}]}}]}'));
    expect(ev.code).toBe('graph/javascript');
    expect(ev.message).toContain('rules[0].rhs.node[0].label.$eval');
    expect(ev.message).toContain('may only be a reference such as "$x.label"');
  });

  it('a bad label query, an unknown operator (did you mean), an unknown key (did you mean)', () => {
    expect(errorOf(compile('{"rules": [{"lhs": "(x", "rhs": "y"}]}')).code).toBe('graph/bad-label-query');
    const op = errorOf(compile('{"rules": [{"lhs": {"node": [{"label": {"$contain": "x"}}]}, "rhs": "y"}]}'));
    expect(op.message).toContain('did you mean $contains?');
    const key = errorOf(compile('{"rules": [{"lhs": "x", "rhs": "y", "weigth": 2}]}'));
    expect(key.code).toBe('graph/unknown-key');
    expect(key.message).toContain('did you mean "weight"?');
  });

  it('a limit that is not a number; a reference to an unknown id; a stage that can never apply', () => {
    const lim = errorOf(compile('{"stages": [{"rules": [{"lhs": "x", "rhs": "y"}], "limit": "3"}]}'));
    expect(lim.code).toBe('graph/bad-number');
    expect(lim.message).toMatch(/^stages\[0\]\.limit/);
    const id = errorOf(compile('{"rules": [{"lhs": {"node": [{"id": "room"}]}, "rhs": {"node": [{"label": "${rom.label}"}]}}]}'));
    expect(id.code).toBe('graph/unknown-id');
    expect(id.message).toContain('did you mean room?');
    const never = errorOf(compile('{"stages": [{"rules": [{"lhs": "x", "rhs": "y", "weight": 0}]}]}'));
    expect(never.code).toBe('graph/stage-never-applies');
  });

  it('JSON syntax errors are located', () => {
    const e = errorOf(compile('{"rules": [\n  {"lhs": "x" "rhs": "y"}]}'));
    expect(e.code).toBe('graph/json-syntax');
    expect(e.span).toMatchObject({ line: 2, column: 15 });
  });

  it('.gdl grammars: an unknown rewrite item and an unknown matched variable are located', () => {
    const base = '(graphstart s)\n(graphrule grow 1)\n(<= (grow ?t) (node ?t s))\n';
    const item = errorOf(compile(base + '(rewrite grow (nod ?t x))', 'g.gdl'));
    expect(item.code).toBe('graph/bad-rewrite');
    expect(item.message).toContain('did you mean node?');
    expect(item.span).toMatchObject({ file: 'g.gdl', line: 4 });
    const v = errorOf(compile(base + '(rewrite grow (keep ?x))', 'g.gdl'));
    expect(v.code).toBe('graph/unknown-node');
    expect(v.message).toContain('?x is no node matched by grow');
  });
});

describe('rules that can never apply', () => {
  it('a LHS label that neither the start nor any rule makes: the rule, the path, did you mean', () => {
    const text = '{"start": "S", "rules": [{"lhs": "S", "rhs": ["room", "chest"]}, {"lhs": "chests", "rhs": "gold"}]}';
    const e = errorOf(compile(text));
    expect(e.code).toBe('graph/rule-never-applies');
    expect(e.message).toBe('rules[1].lhs (rule rule #1): it needs a node labelled "chests", which neither the start label nor any rule up to this stage makes (did you mean "chest"?)');
    expect(e.span).toMatchObject({ line: 1, column: 74 }); // the "chests"
  });

  it('a stage none of whose rules can match', () => {
    const text = '{"start": "S", "stages": [{"rules": [{"lhs": "S", "rhs": "A"}]}, {"rules": [{"lhs": "B", "rhs": "C"}]}]}';
    const e = errorOf(compile(text));
    expect(e.code).toBe('graph/stage-never-applies');
    expect(e.message).toMatch(/^stages\[1\]\.rules\[0\]\.lhs .*stage #1 can never apply/);
  });
  it('a .gdl rule whose head names a variable twice (it would never match) is refused at the second one', () => {
    const text = '(graphstart room)\n(graphrule twice 1)\n(<= (twice ?x ?x) (node ?x room))\n(rewrite twice (keep ?x))\n';
    const e = errorOf(compile(text, 'g.gdl'));
    expect(e.code).toBe('graph/bad-rule');
    expect(e.message).toMatch(/names \?x twice, so twice never matches/);
    expect(e.span).toMatchObject({ file: 'g.gdl', line: 3, column: 15 });
  });
  it('a .gdl rewrite making an edge label no rule reads, one edit from a read one: a located warning with did you mean', async () => {
    const { graphStyle } = await import('../../../src/generate/graph/style.js');
    const text = '(graphstart room)\n(graphrule dig 1)\n(graphlimit 3)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (keep ?r) (node ?c room) (edge ?r ?c nxt))\n(<= (violation far ?a) (edge ?a ?b next) (edge ?b ?_c next))\n';
    const c = graphStyle.compile([{ file: 'g.gdl', text }]);
    const w = c.diagnostics.filter((d) => d.code === 'graph/unread-label');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ severity: 'warning', span: { file: 'g.gdl', line: 5, column: 51 } });
    expect(w[0]!.message).toMatch(/an edge labelled nxt, which no rule reads.*did you mean 'next'\?/);
    // spelt as read: nothing to say
    expect(graphStyle.compile([{ file: 'g.gdl', text: text.replace('nxt', 'next') }]).diagnostics.filter((d) => d.code === 'graph/unread-label')).toEqual([]);
  });
  it('a JSON grammar making a label used once and matched by nothing, one edit from a matched one: the same located warning', async () => {
    const { graphStyle } = await import('../../../src/generate/graph/style.js');
    const text = '{"start": "S", "rules": [\n {"lhs": "S", "rhs": {"node": ["room", "room"], "edge": [[0, 1, "nxt"]]}},\n {"lhs": "room", "rhs": "hall"}\n]}';
    const rules = '(<= (violation far ?a) (edge ?a ?b next) (edge ?b ?_c next))\n';
    const c = graphStyle.compile([{ file: 'g.json', text }, { file: 'v.gdl', text: rules }]);
    const w = c.diagnostics.filter((d) => d.code === 'graph/unread-label');
    expect(w.map((d) => d.message)).toEqual(["this rewrite makes an edge labelled nxt, which no rule reads, while rules read 'next': did you mean 'next'?"]);
    expect(w[0]).toMatchObject({ severity: 'warning', span: { file: 'g.json', line: 2, column: 65 } }); // the "nxt"
    // spelt as read: nothing to say
    const fixed = graphStyle.compile([{ file: 'g.json', text: text.replace('nxt', 'next') }, { file: 'v.gdl', text: rules }]);
    expect(fixed.diagnostics.filter((d) => d.code === 'graph/unread-label')).toEqual([]);
  });
  it('a label path through a key JavaScript gives every object ($eval and ${...}): a located error naming the key', () => {
    const rhs = (label: string) => `{"rules": [{"lhs": {"node": [{"id": "a", "label": "x"}]},\n  "rhs": {"node": [{"id": "a", "label": ${label}}]}}]}`;
    for (const label of ['{"$eval": "$a.label.constructor"}', '"${a.label.constructor}"', '"${a.label.__proto__}"', '{"$eval": "$a.match.toString"}']) {
      const e = errorOf(compile(rhs(label)));
      expect(e.code, label).toBe('graph/bad-label-expr');
      expect(e.message, label).toMatch(/\.(constructor|__proto__|toString) is a member JavaScript gives every object, not a key of the label's data/);
      expect(e.span, label).toMatchObject({ file: 'g.json', line: 2 });
    }
    // a data key of the label is fine
    expect(() => compileGraphGrammar(rhs('"${a.label.name}"'), { file: 'g.json' })).not.toThrow();
  });
  it('a JSON grammar past the large-input size loads without a scan of its text per rule: each rule finds its place when asked', async () => {
    const { LARGE_JSON } = await import('../../../src/syntax/json.js');
    const rule = '{"lhs": "S", "rhs": "S"}';
    const n = Math.ceil(LARGE_JSON / rule.length) + 1;
    const text = `{"start": "S", "rules": [\n${Array.from({ length: n }, () => rule).join(',\n')}\n]}`;
    const g = compileGraphGrammar(text, { file: 'big.json' });
    const rules = g.stages[0]!.rules;
    expect(rules).toHaveLength(n);
    // found on first read (a scan then), not at load: one scan per rule made loading quadratic
    expect(Object.getOwnPropertyDescriptor(rules[0]!.origin, 'span')?.get).toBeTypeOf('function');
    expect(rules[0]!.origin.span).toMatchObject({ file: 'big.json', line: 2, column: 1 });
    expect(rules[n - 1]!.origin.span).toMatchObject({ file: 'big.json', line: n + 1, column: 1 });
  }, 60_000);
});
