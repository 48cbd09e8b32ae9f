/**
 * The playground's live diagnostics are the CLI's: for a game, the static
 * findings `gramlog validate` reports (same code, severity, line, message);
 * located at the offsets the CLI's line:col name; each example gets its kind.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { analyze } from '../../src/web/analyze.js';
import { readRepoFile, repoRoot } from '../helpers.js';

const broken = readdirSync(join(repoRoot, 'games', 'broken'))
  .filter((f) => f.endsWith('.kif'))
  .map((f) => `games/broken/${f}`);

const key = (d: { code: string; severity: string; line?: number | undefined; message: string }) => `${d.line ?? '-'} ${d.severity}[${d.code}] ${d.message}`;

describe('live diagnostics of games', () => {
  it.each(broken)('%s: the same findings as gramlog validate', (file) => {
    const text = readRepoFile(file);
    const live = analyze(text, file).diagnostics.map(key).sort();
    const r = validateGame(text, { file, maxStates: 2000, playouts: 5 });
    const cli = r.findings.map((f) => key({ code: f.code, severity: f.severity, line: f.span?.line, message: f.message })).sort();
    if (r.stats.states === 0 && r.roles.length === 0) {
      // Validation stopped at the static checks: the live diagnostics are exactly its report.
      expect(live).toEqual(cli);
    } else {
      // It went on to play the game: every live diagnostic is in its report.
      for (const d of live) expect(cli).toContain(d);
    }
  });

  it('reports a syntax error in a game with validate\'s code, and keeps the kind', () => {
    const a = analyze('(role robot)\n(init (on)', 'g.kif');
    expect(a.kind).toBe('game');
    expect(a.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['syntax', 2, 1]]);
  });
});

describe('kinds and places', () => {
  const examples: Array<[string, string]> = [
    ['rules/tree.gdl', 'grammar'],
    ['rules/dungeon.gdl', 'grammar'],
    ['rules/building.gdl', 'layers'],
    ['rules/family.kif', 'rules'],
    ['rules/reachability.kif', 'rules'],
    ['games/tictactoe.kif', 'game'],
    ['games/nim.kif', 'game'],
  ];
  it.each(examples)('%s is a %s file without errors', (file, kind) => {
    const a = analyze(readRepoFile(file), file);
    expect(a.kind).toBe(kind);
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('places every diagnostic of every example at the offset of its line:col', () => {
    const files = [...broken, 'rules/layers-forward.gdl', 'rules/check-broken.gdl'];
    let placed = 0;
    for (const file of files) {
      const text = readRepoFile(file);
      for (const d of analyze(text, file).diagnostics) {
        if (d.line === undefined) continue;
        const before = text.slice(0, d.from).split('\n');
        expect([before.length, before[before.length - 1]!.length + 1], `${file} ${d.code}`).toEqual([d.line, d.column]);
        expect(d.to).toBeGreaterThan(d.from);
        placed++;
      }
    }
    expect(placed).toBeGreaterThan(10);
  });

  it('gives a grammar\'s params, sorted by key', () => {
    expect(analyze(readRepoFile('rules/tree.gdl'), 'rules/tree.gdl').params).toEqual([
      ['flowers', '3'],
      ['height', '8'],
    ]);
  });
});
