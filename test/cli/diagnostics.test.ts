import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatError } from '../../src/cli/diagnostics.js';
import { GramlogError, type Code, type Diagnostic, type Span } from '../../src/errors.js';
import { parse } from '../../src/syntax/parser.js';

function span(line: number, column: number, endLine: number, endColumn: number, file = 't.kif'): Span {
  return { file, line, column, offset: 0, endLine, endColumn, endOffset: 0 };
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('formatDiagnostic', () => {
  it('prints the header, the source line and a caret under the column', () => {
    const d: Diagnostic = { code: 'syntax/unclosed', severity: 'error', message: 'never closed', span: span(2, 3, 2, 4) };
    expect(formatDiagnostic(d, '(p a)\n  (q b')).toBe('t.kif:2:3: error[syntax/unclosed]: never closed\n  (q b\n  ^');
  });

  it('covers the span on the same line with ^~~~', () => {
    const d: Diagnostic = { code: 'arity', severity: 'warning', message: 'm', span: span(1, 5, 1, 11) };
    expect(formatDiagnostic(d, '(<= (p ?x) (q ?x))').split('\n')).toEqual([
      't.kif:1:5: warning[arity]: m',
      '(<= (p ?x) (q ?x))',
      '    ^~~~~~',
    ]);
  });

  it('runs the tildes to the end of the line when the span goes on', () => {
    const d: Diagnostic = { code: 'c' as Code, severity: 'error', message: 'm', span: span(1, 4, 3, 2) };
    expect(formatDiagnostic(d, '(<= (p ?x)\r\n  (q ?x)\r\n)').split('\n')).toEqual([
      't.kif:1:4: error[c]: m',
      '(<= (p ?x)',
      '   ^~~~~~~',
    ]);
  });

  it('keeps tabs so the caret lines up, and hides control characters', () => {
    const d: Diagnostic = { code: 'syntax/bad-char', severity: 'error', message: 'm', span: span(1, 5, 1, 6) };
    expect(formatDiagnostic(d, '\t(p \u0000)').split('\n')).toEqual(['t.kif:1:5: error[syntax/bad-char]: m', '\t(p \ufffd)', '\t   ^']);
  });

  it('prints only the header without a source, or when the line is not in it', () => {
    const d: Diagnostic = { code: 'c' as Code, severity: 'error', message: 'm', span: span(9, 1, 9, 2) };
    expect(formatDiagnostic(d)).toBe('t.kif:9:1: error[c]: m');
    expect(formatDiagnostic(d, 'one line')).toBe('t.kif:9:1: error[c]: m');
  });

  it('prints `severity[code]: message` without a span', () => {
    expect(formatDiagnostic({ code: 'gdl/no-roles', severity: 'warning', message: 'no roles' }, 'x')).toBe('warning[gdl/no-roles]: no roles');
  });

  it('points at an empty span (end of input) with one caret', () => {
    const d: Diagnostic = { code: 'c' as Code, severity: 'error', message: 'm', span: span(1, 4, 1, 4) };
    expect(formatDiagnostic(d, '(p ').split('\n')[2]).toBe('   ^');
  });
});

describe('formatError', () => {
  it('formats a parser error with its source line', () => {
    const text = '(p a)\n  (q b';
    const e = errorOf(() => parse(text, { file: 'games/t.kif' }));
    const out = formatError(e, new Map([['games/t.kif', text]]));
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^games\/t\.kif:2:3: error\[syntax\/unclosed\]: /);
    expect(lines.slice(1)).toEqual(['  (q b', '  ^']);
  });

  it('covers a whole token of a parser error', () => {
    const text = '(<= (p ?x)\n    (not))';
    const e = errorOf(() => parse(text, { file: 'r.kif' }));
    expect(formatError(e, new Map([['r.kif', text]])).split('\n').slice(1)).toEqual(['    (not))', '    ^~~~~']);
  });

  it('formats every diagnostic of a GramlogError, each with its own file', () => {
    const e = new GramlogError('a' as Code, 'first', span(1, 1, 1, 2, 'x.kif'), [
      { code: 'a' as Code, severity: 'error', message: 'first', span: span(1, 1, 1, 2, 'x.kif') },
      { code: 'b' as Code, severity: 'error', message: 'second', span: span(1, 3, 1, 4, 'y.kif') },
      { code: 'c' as Code, severity: 'error', message: 'third' },
    ]);
    const out = formatError(e, new Map([['x.kif', 'ab'], ['y.kif', 'xyz']]));
    expect(out.split('\n')).toEqual([
      'x.kif:1:1: error[a]: first',
      'ab',
      '^',
      'y.kif:1:3: error[b]: second',
      'xyz',
      '  ^',
      'x.kif, y.kif: error[c]: third',
    ]);
  });

  it('starts a diagnostic without a span with the files the command read', () => {
    expect(formatError(new GramlogError('generate/no-start', 'no start'), new Map([['g.gdl', '']]))).toBe('g.gdl: error[generate/no-start]: no start');
    expect(formatError(new Error('boom'), new Map([['g.gdl', '']]))).toBe('g.gdl: error[internal]: boom');
    expect(formatError(new GramlogError('x' as Code, 'y'), new Map())).toBe('error[x]: y');
  });

  it('prints the header alone when the file is not among the sources', () => {
    const e = new GramlogError('c' as Code, 'm', span(1, 1, 1, 2, 'missing.kif'));
    expect(formatError(e, new Map())).toBe('missing.kif:1:1: error[c]: m');
  });

  it('gives error[internal] and no stack trace for anything else', () => {
    const out = formatError(new TypeError('x is undefined'), new Map());
    expect(out).toBe('error[internal]: x is undefined');
    expect(formatError('boom', new Map())).toBe('error[internal]: boom');
    expect(formatError(Object.create(null), new Map())).toBe('error[internal]: unknown error');
  });
});
