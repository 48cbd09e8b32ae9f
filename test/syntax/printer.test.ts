import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/errors.js';
import type { Atom, Literal, Statement, SyntaxTree, Term } from '../../src/syntax/ast.js';
import {
  parse,
  parseLiteral,
  parseTerm,
  printLiteral,
  printStatement,
  printTerm,
  printTree,
} from '../../src/syntax/index.js';

const S: Span = { file: 'gen', line: 1, column: 1, offset: 0, endLine: 1, endColumn: 1, endOffset: 0 };

/** A deep copy without span fields, for comparing trees up to spans. */
function strip(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(strip);
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) {
      if (k === 'span' || k === 'predSpan' || k === 'functorSpan' || k === 'file' || k === 'warnings') continue;
      out[k] = strip(v);
    }
    return out;
  }
  return x;
}

describe('printer: canonical form', () => {
  it('prints terms', () => {
    expect(printTerm(parseTerm('x'))).toBe('x');
    expect(printTerm(parseTerm('?x'))).toBe('?x');
    expect(printTerm(parseTerm('(f)'))).toBe('(f)');
    expect(printTerm(parseTerm('(  cell\n 1   2\tx )'))).toBe('(cell 1 2 x)');
    expect(printTerm(parseTerm('"a \\"q\\" \\\\ b\\nc\\td"'))).toBe('"a \\"q\\" \\\\ b\\nc\\td"');
    expect(printTerm({ kind: 'str', value: 'line\nbreak "q" \\', span: S })).toBe('"line\\nbreak \\"q\\" \\\\"');
  });

  it('prints literals: bare atoms, not, or, distinct', () => {
    expect(printLiteral(parseLiteral('(p)'))).toBe('p');
    expect(printLiteral(parseLiteral('p'))).toBe('p');
    expect(printLiteral(parseLiteral('(not   (p ?x))'))).toBe('(not (p ?x))');
    expect(printLiteral(parseLiteral('(or p (q (f)))'))).toBe('(or p (q (f)))');
    expect(printLiteral(parseLiteral('( or )'))).toBe('(or)');
    expect(printLiteral(parseLiteral('(distinct ?x "y")'))).toBe('(distinct ?x "y")');
    expect(printLiteral(parseLiteral('(<= ?a ?b)'))).toBe('(<= ?a ?b)');
  });

  it('prints statements and trees, one per line', () => {
    const tree = parse('; game\n(role x)   (<= (p ?x)\n  (q ?x)   (not (r ?x)))\n(<= terminal)\n(init (cell 1 1 b))');
    expect(printStatement(tree.statements[1] as Statement)).toBe('(<= (p ?x) (q ?x) (not (r ?x)))');
    expect(printStatement(tree.statements[2] as Statement)).toBe('(<= terminal)');
    expect(printTree(tree)).toBe('(role x)\n(<= (p ?x) (q ?x) (not (r ?x)))\n(<= terminal)\n(init (cell 1 1 b))\n');
    expect(printTree(parse(''))).toBe('');
  });

  it('never drops a body, even on a statement not marked as a rule', () => {
    const head: Atom = { kind: 'atom', pred: 'p', args: [], span: S, predSpan: S };
    expect(printStatement({ kind: 'statement', head, body: [head], isRule: false, span: S })).toBe('(<= p p)');
  });
});

// ---------------------------------------------------------------------------
// Random syntax trees

// Not the keywords `<=`, `not`, `or`, `distinct`: as constants or functors they are syntax errors.
const constName = fc.constantFrom('a', 'b', 'cell', 'Foo', '1', '-3', '1.5', '100', '+', 'c++', 'a-b', 'x?y', 'é', '日本', 'NOT', 'or2');
const headPred = fc.constantFrom('p', 'q', 'cell', 'true', 'next', 'legal', '+', '<', 'c++', 'x?y', 'P');
const bodyPred = fc.oneof(headPred, fc.constant('<='));
const varName = fc.constantFrom('x', 'y', 'Z', 'x?y', '_', '1', 'long_name');
const stringValue = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '"', '\\', '\n', '\t', '\r', ';', '(', ')', '?', 'é', '\u0000', '😀'),
  maxLength: 8,
});

const { term } = fc.letrec<{ term: Term }>((tie) => ({
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    constName.map((name): Term => ({ kind: 'const', name, span: S })),
    varName.map((name): Term => ({ kind: 'var', name, span: S })),
    stringValue.map((value): Term => ({ kind: 'str', value, span: S })),
    fc
      .tuple(constName, fc.array(tie('term'), { maxLength: 3 }))
      .map(([functor, args]): Term => ({ kind: 'compound', functor, args, span: S, functorSpan: S })),
  ),
}));

const atomWith = (pred: fc.Arbitrary<string>): fc.Arbitrary<Atom> =>
  fc.tuple(pred, fc.array(term, { maxLength: 3 })).map(([p, args]) => ({ kind: 'atom', pred: p, args, span: S, predSpan: S }));

const { literal } = fc.letrec<{ literal: Literal }>((tie) => ({
  literal: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atomWith(bodyPred),
    tie('literal').map((body): Literal => ({ kind: 'not', body, span: S })),
    fc.array(tie('literal'), { minLength: 0, maxLength: 3 }).map((disjuncts): Literal => ({ kind: 'or', disjuncts, span: S })),
    fc.tuple(term, term).map(([left, right]): Literal => ({ kind: 'distinct', left, right, span: S })),
  ),
}));

const statement: fc.Arbitrary<Statement> = fc.oneof(
  atomWith(headPred).map((head): Statement => ({ kind: 'statement', head, body: [], isRule: false, span: S })),
  fc
    .tuple(atomWith(headPred), fc.array(literal, { maxLength: 4 }))
    .map(([head, body]): Statement => ({ kind: 'statement', head, body, isRule: true, span: S })),
);

const tree: fc.Arbitrary<SyntaxTree> = fc
  .array(statement, { maxLength: 6 })
  .map((statements) => ({ file: 'gen', statements }));

/** Whitespace and comments to put between tokens when printing messily. */
const gap = fc.constantFrom(' ', '  ', '\n', '\t', ' ; comment ( ) "\n', '\r\n', '\n\n  ');

describe('printer: round trips (property)', () => {
  it('parse(print(tree)) equals tree up to spans, and print is a fixed point', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const text = printTree(t);
        const parsed = parse(text);
        expect(strip(parsed)).toEqual(strip(t));
        expect(printTree(parsed)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('terms and literals round trip through parseTerm and parseLiteral', () => {
    fc.assert(
      fc.property(term, literal, (t, l) => {
        expect(strip(parseTerm(printTerm(t)))).toEqual(strip(t));
        expect(strip(parseLiteral(printLiteral(l)))).toEqual(strip(l));
      }),
      { numRuns: 300 },
    );
  });

  it('every span covers exactly the text that prints as its node', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const text = printTree(t);
        const parsed = parse(text, { file: 'f.kif' });
        const lineStarts = [0];
        for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
        const checkPos = (offset: number, line: number, column: number) => {
          expect(lineStarts[line - 1]! + column - 1).toBe(offset);
        };
        const check = (node: { span: Span }, printed: string) => {
          expect(node.span.file).toBe('f.kif');
          expect(text.slice(node.span.offset, node.span.endOffset)).toBe(printed);
          checkPos(node.span.offset, node.span.line, node.span.column);
          checkPos(node.span.endOffset, node.span.endLine, node.span.endColumn);
        };
        const visitTerm = (x: Term): void => {
          check(x, printTerm(x));
          if (x.kind === 'compound') {
            expect(text.slice(x.functorSpan.offset, x.functorSpan.endOffset)).toBe(x.functor);
            x.args.forEach(visitTerm);
          }
        };
        const visitLiteral = (l: Literal): void => {
          check(l, printLiteral(l));
          if (l.kind === 'atom') {
            expect(text.slice(l.predSpan.offset, l.predSpan.endOffset)).toBe(l.pred);
            l.args.forEach(visitTerm);
          } else if (l.kind === 'not') visitLiteral(l.body);
          else if (l.kind === 'or') l.disjuncts.forEach(visitLiteral);
          else {
            visitTerm(l.left);
            visitTerm(l.right);
          }
        };
        for (const s of parsed.statements) {
          check(s, printStatement(s));
          visitLiteral(s.head);
          s.body.forEach(visitLiteral);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('whitespace and comments between tokens do not change the tree', () => {
    fc.assert(
      fc.property(tree, fc.infiniteStream(gap), (t, gaps) => {
        const canonical = printTree(t);
        // Re-space the canonical text: every single space and newline outside strings becomes a random gap.
        let messy = '';
        let inString = false;
        for (let i = 0; i < canonical.length; i++) {
          const c = canonical[i]!;
          if (inString) {
            messy += c;
            if (c === '\\') messy += canonical[++i]!;
            else if (c === '"') inString = false;
          } else if (c === '"') {
            inString = true;
            messy += c;
          } else if (c === ' ' || c === '\n') {
            messy += gaps.next().value;
          } else {
            messy += c;
          }
        }
        expect(printTree(parse(messy))).toBe(canonical);
      }),
      { numRuns: 200 },
    );
  });
});
