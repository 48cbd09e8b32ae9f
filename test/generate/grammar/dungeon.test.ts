import { describe, expect, it } from 'vitest';
import { compileGrammar, generateFrom, walk, type ArtifactNode } from '../../../src/generate/grammar/index.js';
import { readRepoFile as read } from '../../helpers.js';

const DIVISIONS = ['hDivideTop', 'hDivideBottom', 'vDivideLeft', 'vDivideRight'];
const LEAVES = ['tArea', 'bossArea', 'room'];

describe('rules/dungeon.gdl', () => {
  const grammar = compileGrammar(read('rules/dungeon.gdl'), { file: 'rules/dungeon.gdl' });

  it('has exactly one boss room, over 400 seeds', () => {
    for (let seed = 0; seed < 400; seed++) {
      const nodes = [...walk(generateFrom(grammar, seed).root)];
      const bossRooms = nodes.filter((n) => n.rule === 'bossArea');
      const bosses = nodes.filter((n) => n.symbol === 'boss');
      expect({ seed, rooms: bossRooms.length, bosses: bosses.length }).toEqual({ seed, rooms: 1, bosses: 1 });
      expect(bossRooms[0]?.args['boss']).toBe('yes');
    }
  });

  it('partitions the 64x64 square, and never divides an area below minsplit', () => {
    for (let seed = 0; seed < 100; seed++) {
      const nodes = [...walk(generateFrom(grammar, seed).root)].filter((n) => n.symbol === 'area');
      const leaves = nodes.filter((n) => LEAVES.includes(n.rule as string));
      const cells = new Set<string>();
      for (const leaf of leaves) {
        const [x, y, w, h] = ['x', 'y', 'w', 'h'].map((k) => Number(leaf.args[k]));
        for (let i = x as number; i < (x as number) + (w as number); i += 4) {
          for (let j = y as number; j < (y as number) + (h as number); j += 4) cells.add(`${i},${j}`);
        }
      }
      expect(cells.size).toBe(16 * 16); // every 4x4 cell covered exactly once (sizes are powers of two)
      expect(leaves.reduce((s, n) => s + Number(n.attrs['size']), 0)).toBe(64 * 64);
      for (const n of nodes.filter((m) => DIVISIONS.includes(m.rule as string))) {
        const dim = (n.rule as string).startsWith('h') ? 'h' : 'w';
        expect(Number(n.args[dim])).toBeGreaterThanOrEqual(16);
      }
    }
  });

  it('the divided dimension takes --param minsplit', () => {
    const small = compileGrammar(read('rules/dungeon.gdl'), { file: 'rules/dungeon.gdl', params: { minsplit: '8' } });
    const sizes = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      for (const n of walk(generateFrom(small, seed).root)) if (n.symbol === 'area') sizes.add(Number(n.args['w']));
    }
    expect(sizes.has(4)).toBe(true); // an 8-wide area was divided
    const big = [...walk(generateFrom(grammar, 1).root)].filter((n: ArtifactNode) => n.symbol === 'area');
    expect(big.every((n) => Number(n.args['w']) >= 8)).toBe(true);
  });
});

describe('rules/tree.gdl', () => {
  it('never grows past the height param and keeps at most `flowers` flowers', () => {
    for (const height of [2, 4, 6]) {
      const g = compileGrammar(read('rules/tree.gdl'), { file: 'rules/tree.gdl', params: { height: String(height), flowers: '2' } });
      for (let seed = 0; seed < 80; seed++) {
        const nodes = [...walk(generateFrom(g, seed).root)];
        const trees = nodes.filter((n) => n.symbol === 'tree');
        expect(Math.max(...trees.map((n) => Number(n.attrs['level'])))).toBeLessThanOrEqual(height);
        expect(trees.filter((n) => Number(n.attrs['level']) === height).every((n) => n.rule === 'bud')).toBe(true);
        expect(nodes.filter((n) => n.rule === 'flower').length).toBeLessThanOrEqual(2);
      }
    }
  });
});
