/**
 * Functions a reader can hold (issue 34 item 5): no function in src/ over
 * 120 lines unless the comment at its head says why ("Long because ...").
 * The functions listed below are long and waiting to be split into named
 * parts; the list may only shrink: a listed function that is no longer long
 * fails too, so the list says what is left.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';
import { longFunctions } from './function-length.js';

const LIMIT = 120;

/** Long functions still to split, by `file#name` (none left: a new long function is split or says why). */
const WAITING = new Set<string>([]);

describe(`functions in src/ over ${LIMIT} lines`, () => {
  const found = longFunctions(repoRoot, join(repoRoot, 'src'), LIMIT);

  it('each says at its head why it is long, or is on the list waiting to be split', () => {
    const unexplained = found.filter((f) => !f.reasoned && !WAITING.has(f.key)).map((f) => `${f.key} (line ${f.line}, ${f.lines} lines)`);
    expect(unexplained, `split these into named parts, or write "Long because ..." in the comment at their head`).toEqual([]);
  });

  it('the waiting list names only functions that are still long', () => {
    const long = new Set(found.filter((f) => !f.reasoned).map((f) => f.key));
    expect([...WAITING].filter((k) => !long.has(k)), 'no longer long (or renamed): remove them from WAITING').toEqual([]);
  });
});

describe('the function-length scan', () => {
  it('finds a long function and reads the reason at its head', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-length-'));
    try {
      const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join('\n');
      writeFileSync(
        join(dir, 'a.ts'),
        `export function short() {\n  return 1;\n}\n/** Long because one switch reads best whole. */\nexport const kept = () => {\n${body}\n};\nclass C {\n  m() {\n${body}\n  }\n}\n`,
      );
      const found = longFunctions(dir, dir, 4);
      expect(found.map((f) => [f.key, f.lines, f.reasoned])).toEqual([
        ['a.ts#C.m', 7, false],
        ['a.ts#kept', 7, true],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
