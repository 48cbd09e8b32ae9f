/** The golden-case runner itself (test/golden/golden.ts): reading, writing and comparing a case. */
import { describe, expect, it } from 'vitest';
import { firstDifference, parseCase, renderCase, runCase } from './golden.js';

const CASE = `# A goal over one fact.
$ gramlog query a.kif --goal '(p ?x)'
--- file a.kif
(p 1)
--- stdout
(p 1)
--- stderr
--- exit 0
`;

describe('a golden case', () => {
  it('reads back as it was written, with what its command gives', async () => {
    const c = parseCase(CASE, 'a.txt');
    expect(c).toEqual({ about: ['A goal over one fact.'], command: "gramlog query a.kif --goal '(p ?x)'", files: [['a.kif', '(p 1)\n']] });
    expect(renderCase(c, await runCase(c))).toBe(CASE);
  });

  it('keeps a file or an output without a final newline', () => {
    const c = parseCase('$ gramlog query a.kif\n--- file a.kif (no newline at end)\n(p 1)\n', 'a.txt');
    expect(c.files).toEqual([['a.kif', '(p 1)']]);
    expect(renderCase(c, { stdout: 'x', stderr: '', exit: 0 })).toBe(
      '$ gramlog query a.kif\n--- file a.kif (no newline at end)\n(p 1)\n--- stdout (no newline at end)\nx\n--- stderr\n--- exit 0\n',
    );
  });

  it('names the line it cannot place', () => {
    expect(() => parseCase('# about\ngramlog query a.kif\n', 'x/a.txt')).toThrow("x/a.txt:2: expected the command, '$ gramlog ...'");
    expect(() => parseCase('$ gramlog query a.kif\n(p 1)\n', 'x/a.txt')).toThrow("x/a.txt:2: expected a '--- file NAME' section, got '(p 1)'");
  });

  it('refuses to write an output line that would read as a section header', () => {
    const c = parseCase('$ gramlog query a.kif\n', 'a.txt');
    expect(() => renderCase(c, { stdout: '--- stderr\n', stderr: '', exit: 0 })).toThrow('looks like a section header');
  });
});

describe('a failing case', () => {
  it('names the case file and its first differing line, with both versions', () => {
    const wrong = CASE.replace('--- stdout\n(p 1)', '--- stdout\n(p 2)');
    const message = firstDifference('test/golden/x/a.txt', wrong, CASE);
    expect(message).toContain('test/golden/x/a.txt:6: the case differs');
    expect(message).toContain('expected: "(p 2)"');
    expect(message).toContain('actual:   "(p 1)"');
    expect(message).toContain('GRAMLOG_GOLDEN_UPDATE=1');
  });

  it('names the end of the file when one text is longer', () => {
    expect(firstDifference('a.txt', 'x\n', 'x\ny\n')).toContain('a.txt:2: the case differs from what the command gives\n  expected: ""\n  actual:   "y"');
    expect(firstDifference('a.txt', 'x\n', 'x\n')).toBeUndefined();
  });
});
