/**
 * Recognising a blueprint library by its text: the first token after blank
 * space and `;` comment lines is a block directive. The scan
 * (opensWithDirective) answers as the regular expression it replaced did, on
 * short texts where that one is quick (it backtracked exponentially on long
 * runs of blank and comment lines: test/fuzz/found/graph-gdl-8c172e8769).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opensWithDirective } from '../../../src/generate/blueprints/style.js';

const OLD = /^(?:\s*;[^\n]*\n|\s)*@(?:blueprint|mod|factory|function)\b/;

describe('opensWithDirective', () => {
  it('answers as the old expression on texts of blanks, comments, directives and words', () => {
    const piece = fc.constantFrom(' ', '\t', '\n', '\r\n', '\u00a0', '; note', ';', '@blueprint', '@mod ', '@factory', '@function', '@end', '@blueprints', 'x', '(p a)');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        expect(opensWithDirective(text), JSON.stringify(text)).toBe(OLD.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads past many comment lines, and says no at once for a file of them that opens with something else', () => {
    const comments = '; a comment\n\n'.repeat(5000);
    expect(opensWithDirective(`${comments}@blueprint Spear\n@end\n`)).toBe(true);
    expect(opensWithDirective(`${comments}(graphstart start)\n`)).toBe(false);
    expect(opensWithDirective(comments)).toBe(false);
  });
});
