import { describe, expect, it } from 'vitest';
import { GramlogError, type Span } from '../../src/errors.js';
import type { Atom, CompoundTerm, Distinct, Not, Or, Statement } from '../../src/syntax/ast.js';
import { MAX_NESTING, parse, parseLiteral, parseTerm } from '../../src/syntax/parser.js';

/** Run `f`, expect a GramlogError with `code` whose span starts at line:col; return it. */
function expectError(f: () => unknown, code: string, line?: number, col?: number): GramlogError {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected an error').toBeInstanceOf(GramlogError);
  const err = caught as GramlogError;
  expect(err.code).toBe(code);
  if (line !== undefined) {
    expect(err.span, 'expected a span').toBeDefined();
    expect([err.span?.line, err.span?.column]).toEqual([line, col]);
    expect(err.diagnostics[0]?.span).toEqual(err.span);
  }
  return err;
}

function only(text: string): Statement {
  const tree = parse(text);
  expect(tree.statements).toHaveLength(1);
  return tree.statements[0] as Statement;
}

function span(line: number, column: number, offset: number, endLine: number, endColumn: number, endOffset: number, file = '<input>'): Span {
  return { file, line, column, offset, endLine, endColumn, endOffset };
}

describe('parse: programs', () => {
  it('reads an empty file, or only comments and whitespace, as an empty program', () => {
    expect(parse('')).toEqual({ file: '<input>', statements: [] });
    expect(parse('  \n\t\r\n ; just a comment\n;another')).toEqual({ file: '<input>', statements: [] });
  });

  it('uses the file option in the tree and every span', () => {
    const tree = parse('(p a)', { file: 'games/t.kif' });
    expect(tree.file).toBe('games/t.kif');
    const s = tree.statements[0] as Statement;
    expect(s.span.file).toBe('games/t.kif');
    expect(s.head.args[0]?.span.file).toBe('games/t.kif');
  });

  it('reads a fact with its spans', () => {
    const s = only('(cell 1 2 x)');
    expect(s.isRule).toBe(false);
    expect(s.body).toEqual([]);
    expect(s.span).toEqual(span(1, 1, 0, 1, 13, 12));
    expect(s.head.pred).toBe('cell');
    expect(s.head.span).toEqual(s.span);
    expect(s.head.predSpan).toEqual(span(1, 2, 1, 1, 6, 5));
    expect(s.head.args.map((a) => a.kind)).toEqual(['const', 'const', 'const']);
    expect(s.head.args.map((a) => (a.kind === 'const' ? a.name : ''))).toEqual(['1', '2', 'x']);
    expect(s.head.args[2]?.span).toEqual(span(1, 11, 10, 1, 12, 11));
  });

  it('tracks lines and columns across lines', () => {
    const tree = parse('(p a)\n\n  (q ?x\n     "s")\n');
    const q = tree.statements[1] as Statement;
    expect(q.span).toEqual(span(3, 3, 9, 4, 10, 24));
    const [x, str] = q.head.args;
    expect(x).toEqual({ kind: 'var', name: 'x', span: span(3, 6, 12, 3, 8, 14) });
    expect(str).toEqual({ kind: 'str', value: 's', span: span(4, 6, 20, 4, 9, 23) });
  });

  it('reads `p` and `(p)` both as the atom p with no arguments, with different spans', () => {
    const [bare, paren] = parse('p (p)').statements as [Statement, Statement];
    expect(bare.head.pred).toBe('p');
    expect(bare.head.args).toEqual([]);
    expect(paren.head.pred).toBe('p');
    expect(paren.head.args).toEqual([]);
    expect(bare.head.span).toEqual(span(1, 1, 0, 1, 2, 1));
    expect(paren.head.span).toEqual(span(1, 3, 2, 1, 6, 5));
    expect(paren.head.predSpan).toEqual(span(1, 4, 3, 1, 5, 4));
  });

  it('reads a rule with not, or, distinct and a comparison atom', () => {
    const s = only('(<= (p ?x) (q ?x) (not (r ?x)) (or a (b ?x)) (distinct ?x "s") (<= ?a ?b))');
    expect(s.isRule).toBe(true);
    expect(s.head.pred).toBe('p');
    expect(s.body.map((l) => l.kind)).toEqual(['atom', 'not', 'or', 'distinct', 'atom']);
    const not = s.body[1] as Not;
    expect(not.body.kind).toBe('atom');
    expect((not.body as Atom).pred).toBe('r');
    expect(not.span).toEqual(span(1, 19, 18, 1, 31, 30));
    const or = s.body[2] as Or;
    expect(or.disjuncts.map((d) => (d as Atom).pred)).toEqual(['a', 'b']);
    const distinct = s.body[3] as Distinct;
    expect(distinct.left).toMatchObject({ kind: 'var', name: 'x' });
    expect(distinct.right).toMatchObject({ kind: 'str', value: 's' });
    const cmp = s.body[4] as Atom;
    expect(cmp.kind).toBe('atom');
    expect(cmp.pred).toBe('<=');
    expect(cmp.args).toMatchObject([{ kind: 'var', name: 'a' }, { kind: 'var', name: 'b' }]);
  });

  it('allows a rule with a head and no body', () => {
    const s = only('(<= (p a))');
    expect(s.isRule).toBe(true);
    expect(s.body).toEqual([]);
    expect(s.head.pred).toBe('p');
    const bare = only('(<= terminal)');
    expect(bare.isRule).toBe(true);
    expect(bare.head).toMatchObject({ pred: 'terminal', args: [] });
  });

  it('rejects the keywords <=, not, or, distinct as constants or function names, at the keyword', () => {
    // AlexLandau/gdl-validation's misplacedDatalogKeyword* games; GGP-Base rejects them too.
    const err = expectError(() => parse('(foo not bar)'), 'syntax/misplaced-keyword', 1, 6);
    expect(err.span).toEqual(span(1, 6, 5, 1, 9, 8));
    expect(err.message).toContain("'not'");
    expectError(() => parse('(foo (not bar))'), 'syntax/misplaced-keyword', 1, 7);
    expectError(() => parse('(p (or a))'), 'syntax/misplaced-keyword', 1, 5);
    expectError(() => parse('(p (distinct))'), 'syntax/misplaced-keyword', 1, 5);
    expectError(() => parse('(p (<= 1 2))'), 'syntax/misplaced-keyword', 1, 5);
    expectError(() => parse('(p a <=)'), 'syntax/misplaced-keyword', 1, 6);
    expectError(() => parse('(<= (p ?x) (q ?x)\n  (distinct ?x or))'), 'syntax/misplaced-keyword', 2, 16);
    expectError(() => parse('(<= (p ?x) (q (f distinct ?x)))'), 'syntax/misplaced-keyword', 1, 18);
    // Names that merely contain a keyword, or differ in case, are names.
    expect(only('(p nota (or2 a) Not)').head.args).toMatchObject([
      { kind: 'const', name: 'nota' },
      { kind: 'compound', functor: 'or2' },
      { kind: 'const', name: 'Not' },
    ]);
  });

  it('reads `(f)` in term position as a compound with no arguments', () => {
    const s = only('(p (f) (g (h)))');
    const [f, g] = s.head.args as [CompoundTerm, CompoundTerm];
    expect(f).toMatchObject({ kind: 'compound', functor: 'f', args: [] });
    expect(f.functorSpan).toEqual(span(1, 5, 4, 1, 6, 5));
    expect(g.args[0]).toMatchObject({ kind: 'compound', functor: 'h', args: [] });
  });

  it('reads numbers and symbol-like names as constants, case-sensitively', () => {
    const s = only('(f -3 1.5 100 + c++ a-b x?y < Foo foo)');
    expect(s.head.args.map((a) => [a.kind, a.kind === 'const' ? a.name : ''])).toEqual(
      ['-3', '1.5', '100', '+', 'c++', 'a-b', 'x?y', '<', 'Foo', 'foo'].map((n) => ['const', n]),
    );
  });

  it('reads variables, with names that may contain ?', () => {
    const s = only('(f ?x ?Long_name ?x?y ?1)');
    expect(s.head.args.map((a) => [a.kind, a.kind === 'var' ? a.name : ''])).toEqual([
      ['var', 'x'],
      ['var', 'Long_name'],
      ['var', 'x?y'],
      ['var', '1'],
    ]);
  });

  it('decodes string escapes and keeps strings that span lines', () => {
    const s = only('(f "a \\"b\\" \\\\ c\\nd\\te" "two\nlines" x)');
    const [a, b, x] = s.head.args;
    expect(a).toMatchObject({ kind: 'str', value: 'a "b" \\ c\nd\te' });
    expect(b).toMatchObject({ kind: 'str', value: 'two\nlines' });
    expect(b?.span).toMatchObject({ line: 1, endLine: 2, endColumn: 7 });
    expect(x?.span).toMatchObject({ line: 2, column: 8 });
    expect(only('(f "(not ;x)")').head.args[0]).toMatchObject({ kind: 'str', value: '(not ;x)' });
  });

  it('skips comments anywhere, including inside forms', () => {
    const tree = parse('; header\n(p ; inside\n a) ; trailing\n;(q b)\n(r)');
    expect(tree.statements.map((s) => s.head.pred)).toEqual(['p', 'r']);
    expect((tree.statements[0] as Statement).head.args).toMatchObject([{ kind: 'const', name: 'a' }]);
    expect((tree.statements[1] as Statement).span).toMatchObject({ line: 5, column: 1 });
  });
});

describe('parse: errors', () => {
  it('syntax/unclosed names where the ( opened', () => {
    const err = expectError(() => parse('(p a)\n  (q b'), 'syntax/unclosed', 2, 3);
    expect(err.span).toEqual(span(2, 3, 8, 2, 4, 9));
    expect(err.message).toContain('2:3');
    expectError(() => parse('(<= (p ?x)\n    (q ?x)\n'), 'syntax/unclosed', 1, 1);
    expectError(() => parse('(p a)\n(q (r b)\n(s c)'), 'syntax/unclosed', 2, 1);
    expectError(() => parse('('), 'syntax/unclosed', 1, 1);
  });

  it('syntax/unexpected-close points at the stray )', () => {
    expectError(() => parse('(p a))'), 'syntax/unexpected-close', 1, 6);
    expectError(() => parse(')'), 'syntax/unexpected-close', 1, 1);
    expectError(() => parse('(p)\n  )\n(q)'), 'syntax/unexpected-close', 2, 3);
    // Never a silently shortened file: the forms after the stray ) are not dropped.
    expectError(() => parse('(p a)) (q b)'), 'syntax/unexpected-close', 1, 6);
  });

  it('syntax/bad-char points at the character', () => {
    expectError(() => parse('(p \u0000)'), 'syntax/bad-char', 1, 4);
    expectError(() => parse('(p a)\n\n  \u0007'), 'syntax/bad-char', 3, 3);
    expectError(() => parse('(p\u007f)'), 'syntax/bad-char', 1, 3);
    const lone = expectError(() => parse('(p ? a)'), 'syntax/bad-char', 1, 4);
    expect(lone.message).toContain('variable name');
    expectError(() => parse('(p ?'), 'syntax/bad-char', 1, 4);
    // Control characters are fine inside strings and comments.
    expect(only('(p "\u0000") ; \u0007').head.args[0]).toMatchObject({ kind: 'str', value: '\u0000' });
  });

  it('syntax/bad-char for the characters KIF reserves, at the character', () => {
    const err = expectError(() => parse('(init (cell 1 {x}))'), 'syntax/bad-char', 1, 15);
    expect(err.message).toContain("'{'");
    expectError(() => parse('(q a,b)'), 'syntax/bad-char', 1, 5);
    expectError(() => parse('(q a}'), 'syntax/bad-char', 1, 5);
    expectError(() => parse('(q [a])'), 'syntax/bad-char', 1, 4);
    expectError(() => parse("(q don't)"), 'syntax/bad-char', 1, 7);
    expectError(() => parse('(q a|b)'), 'syntax/bad-char', 1, 5);
    expectError(() => parse('(q #a)'), 'syntax/bad-char', 1, 4);
    expectError(() => parse('(q `a)'), 'syntax/bad-char', 1, 4);
    expectError(() => parse('(q ?a,b)'), 'syntax/bad-char', 1, 6);
    expectError(() => parse('\n  ,'), 'syntax/bad-char', 2, 3);
    // Fine inside strings and comments.
    expect(only('(q "{a, b} [c] \'d\' |e| #f `g") ; {x}, [y]').head.args[0]).toMatchObject({ kind: 'str', value: "{a, b} [c] 'd' |e| #f `g" });
  });

  it('reports an empty list () at the () itself, not at the enclosing form', () => {
    // Where a name is expected, at the ')' before which the name is missing (issue 11's positions).
    const err = expectError(() => parse('( ())'), 'syntax/bad-head', 1, 4);
    expect(err.message).toContain("empty list '()'");
    expectError(() => parse('(())'), 'syntax/bad-head', 1, 3);
    expectError(() => parse('(<= p (() a))'), 'syntax/bad-literal', 1, 9);
    expectError(() => parse('(p (() a))'), 'syntax/bad-term', 1, 6);
    // Where a term or a literal is expected, at the '(' of the '()' (as before).
    expectError(() => parse('(p\n  (f () a))'), 'syntax/bad-term', 2, 6);
    expectError(() => parse('(p ())'), 'syntax/bad-term', 1, 4);
  });

  it('accepts (or) as false, with a warning at it', () => {
    const tree = parse('(<= p (q) (or))');
    const s = tree.statements[0] as Statement;
    expect(s.body[1]).toMatchObject({ kind: 'or', disjuncts: [] });
    expect(tree.warnings).toHaveLength(1);
    expect(tree.warnings?.[0]).toMatchObject({ code: 'empty-or', severity: 'warning', span: span(1, 11, 10, 1, 15, 14) });
    expect(tree.warnings?.[0]?.message).toContain('always false');
    expect(parse('(<= p (q))').warnings).toBeUndefined();
  });

  it('syntax/unterminated-string points at the opening quote', () => {
    expectError(() => parse('(p "abc)'), 'syntax/unterminated-string', 1, 4);
    expectError(() => parse('(p a)\n (q "x\\"'), 'syntax/unterminated-string', 2, 5);
    expectError(() => parse('"\\'), 'syntax/unterminated-string', 1, 1);
  });

  it('syntax/empty-rule for (<=)', () => {
    const err = expectError(() => parse('(p)\n  (<= )'), 'syntax/empty-rule', 2, 3);
    expect(err.span).toMatchObject({ endLine: 2, endColumn: 8 });
  });

  it('syntax/bad-head for variables, strings, keywords and non-constant functors', () => {
    expectError(() => parse('(<= ?x (q ?x))'), 'syntax/bad-head', 1, 5);
    expectError(() => parse('(<= "p" (q))'), 'syntax/bad-head', 1, 5);
    expectError(() => parse('\n?x'), 'syntax/bad-head', 2, 1);
    expectError(() => parse('"fact"'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('(not p)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('(or p q)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('(distinct a b)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('(<= (not p) q)'), 'syntax/bad-head', 1, 5);
    expectError(() => parse('(<= (<= a b) q)'), 'syntax/bad-head', 1, 5);
    expectError(() => parse('not'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('((f) a)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('(?x a)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('("p" a)'), 'syntax/bad-head', 1, 1);
    expectError(() => parse('()'), 'syntax/bad-head', 1, 1);
  });

  it('syntax/bad-literal for malformed not, or, distinct and non-literals', () => {
    expectError(() => parse('(<= p (not))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p (not a b))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p (distinct a))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p (distinct a b c))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p ?x)'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p "s")'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p ((q) a))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p (?x a))'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p ())'), 'syntax/bad-literal', 1, 7);
    expectError(() => parse('(<= p not)'), 'syntax/bad-literal', 1, 7);
    // Nested: the error points at the inner form.
    expectError(() => parse('(<= p\n  (not (not)))'), 'syntax/bad-literal', 2, 8);
    expectError(() => parse('(<= p (or q ?x))'), 'syntax/bad-literal', 1, 13);
  });

  it("syntax/bad-literal naming KIF's (and ...), which GDL does not have, at 'and' (not at a keyword inside it)", () => {
    // GGPMCK's mastermind448.gdl writes (or (and (same ?c1 ?s1) ... (distinct ?c4 ?s4)) ...).
    const err = expectError(() => parse('(<= (goal p 75) (t ?a ?b)\n  (or (and (same ?a 1) (distinct ?b 2))\n      (and (same ?b 1) (distinct ?a 2))))'), 'syntax/bad-literal', 2, 8);
    expect(err.message).toContain("GDL has no 'and'");
    expect(err.message).toContain('(distinct ...) cannot be a term');
    expectError(() => parse('(<= p (AND (q) (not (r))))', { gdlKeywords: true }), 'syntax/bad-literal', 1, 8);
    // A relation that happens to be called and, with plain terms: nothing to say.
    expect(() => parse('(<= p (and (q) (r)))')).not.toThrow();
  });

  it('syntax/bad-term for compound terms that do not start with a constant', () => {
    expectError(() => parse('(p (?x a))'), 'syntax/bad-term', 1, 4);
    expectError(() => parse('(p a ((f) a))'), 'syntax/bad-term', 1, 6);
    expectError(() => parse('(p ())'), 'syntax/bad-term', 1, 4);
    expectError(() => parse('(p ("s"))'), 'syntax/bad-term', 1, 4);
    expectError(() => parse('(<= h\n (q (f (?y))))'), 'syntax/bad-term', 2, 8);
    expectError(() => parse('(<= h (distinct (?y) a))'), 'syntax/bad-term', 1, 17);
  });

  it('reports the first problem in the file', () => {
    expectError(() => parse('(p a)) (q \u0000)'), 'syntax/unexpected-close', 1, 6);
    expectError(() => parse('(p \u0000)) '), 'syntax/bad-char', 1, 4);
    expectError(() => parse('(p (?x)) (<=)'), 'syntax/bad-term', 1, 4);
  });

  it('deep nesting gives a GramlogError, not a RangeError', () => {
    expectError(() => parse('('.repeat(100_000)), 'syntax/unclosed', 1, 1);
    expectError(() => parse('(p ' + '(f '.repeat(100_000) + ')'.repeat(100_001)), 'syntax/too-deep', 1, 3 + 3 * MAX_NESTING - 2);
    expectError(() => parse(')'.repeat(100_000)), 'syntax/unexpected-close', 1, 1);
    // Exactly MAX_NESTING deep is fine.
    const ok = only('(p ' + '(f '.repeat(MAX_NESTING - 1) + ')'.repeat(MAX_NESTING));
    let t = ok.head.args[0];
    let depth = 1;
    while (t?.kind === 'compound' && t.args[0]) {
      t = t.args[0];
      depth++;
    }
    expect(depth + 1).toBe(MAX_NESTING);
  });
});

describe('parseTerm and parseLiteral', () => {
  it('parse one term', () => {
    expect(parseTerm('a')).toMatchObject({ kind: 'const', name: 'a' });
    expect(parseTerm(' ?x ; var')).toMatchObject({ kind: 'var', name: 'x', span: { column: 2 } });
    expect(parseTerm('"s"')).toMatchObject({ kind: 'str', value: 's' });
    expect(parseTerm('(f (g ?x) nut)', { file: 'q' })).toMatchObject({
      kind: 'compound',
      functor: 'f',
      args: [{ kind: 'compound', functor: 'g' }, { kind: 'const', name: 'nut' }],
      span: { file: 'q', offset: 0, endOffset: 14 },
    });
    expectError(() => parseTerm('(f (g ?x) not)'), 'syntax/misplaced-keyword', 1, 11);
    expectError(() => parseTerm('(?x a)'), 'syntax/bad-term', 1, 1);
    expectError(() => parseTerm('(f a'), 'syntax/unclosed', 1, 1);
  });

  it('parse one literal', () => {
    expect(parseLiteral('(ancestor ?x ?y)')).toMatchObject({ kind: 'atom', pred: 'ancestor', args: [{ name: 'x' }, { name: 'y' }] });
    expect(parseLiteral('terminal')).toMatchObject({ kind: 'atom', pred: 'terminal', args: [] });
    expect(parseLiteral('(not (p ?x))')).toMatchObject({ kind: 'not', body: { kind: 'atom', pred: 'p' } });
    expect(parseLiteral('(<= ?a 3)')).toMatchObject({ kind: 'atom', pred: '<=' });
    expect(parseLiteral('(distinct ?a ?b)')).toMatchObject({ kind: 'distinct' });
    expectError(() => parseLiteral('?x'), 'syntax/bad-literal', 1, 1);
    expect(parseLiteral('(or)')).toMatchObject({ kind: 'or', disjuncts: [] });
  });

  it('reject text with no form or more than one', () => {
    expectError(() => parseTerm(''), 'syntax/empty-input', 1, 1);
    expectError(() => parseLiteral('  ; only a comment'), 'syntax/empty-input', 1, 1);
    expectError(() => parseTerm('a b'), 'syntax/extra-input', 1, 3);
    expectError(() => parseLiteral('(p a)\n  (q b)'), 'syntax/extra-input', 2, 3);
  });
});
