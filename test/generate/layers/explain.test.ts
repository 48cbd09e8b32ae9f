import { describe, expect, it } from 'vitest';
import { explainLayers, generateLayers, prepareLayers } from '../../../src/generate/layers/index.js';
import { errorOf, readRepoFile } from '../../helpers.js';
import { load } from './reference.js';

/** Three groups of "exactly one": most seeds redraw some group at least once. */
const ROWS = `(row 1) (row 2) (row 3) (col a) (col b) (col c)
(layer door 1) (<= (site door (at ?r ?c)) (row ?r) (col ?c)) (chance door 0.4)
(<= (group door (at ?r ?c) ?r) (site door (at ?r ?c))) (between door 1 1)
(layer lamp 2) (<= (site lamp ?k) (site door ?k)) (chance lamp 1) (<= (allow lamp ?k) (placed door ?k))`;

interface Draw {
  layer: string;
  attempt: number;
  placed: string[];
  base: string[];
  mask: string[];
  because: Array<{ group: string; count: number }>;
  outside: Array<{ group: string; count: number }>;
  kept: boolean;
}

function draws(a: ReturnType<typeof generateLayers>): Draw[] {
  const rows = a.history!.store.query(
    '[:find ?i ?l ?k ?p ?b ?m ?bc ?o ?kept :where [?d "draw/index" ?i] [?d "draw/layer" ?l] [?d "draw/attempt" ?k] [?d "draw/placed" ?p] [?d "draw/base" ?b] [?d "draw/mask" ?m] [?d "draw/because" ?bc] [?d "draw/outside" ?o] [?d "draw/kept" ?kept]]',
  );
  return rows
    .sort((x, y) => Number(x[0]) - Number(y[0]))
    .map(([, layer, attempt, placed, base, mask, because, outside, kept]) => ({
      layer: String(layer),
      attempt: Number(attempt),
      placed: JSON.parse(String(placed)) as string[],
      base: JSON.parse(String(base)) as string[],
      mask: JSON.parse(String(mask)) as string[],
      because: JSON.parse(String(because)) as Draw['because'],
      outside: JSON.parse(String(outside)) as Draw['outside'],
      kept: kept === true,
    }));
}

describe('layer generation history', () => {
  const grammar = prepareLayers(load(ROWS, 'rows.gdl'));

  it('records one transaction per draw, with the layer, order, attempt and seed as metadata', () => {
    const a = generateLayers(grammar, { seed: 4, explain: true });
    const history = a.history!.store.history();
    const total = a.layers.reduce((n, l) => n + l.attempts, 0);
    expect(history).toHaveLength(total);
    expect(history.map((h) => [h.meta['layer'], h.meta['attempt']])).toEqual(
      a.layers.flatMap((l) => Array.from({ length: l.attempts }, (_, i) => [l.name, i + 1])),
    );
    expect(history.every((h) => h.meta['seed'] === '4' && h.meta['order'] === (h.meta['layer'] === 'door' ? 1 : 2))).toBe(true);
  });

  it('never changes the artifact, and keeps for each layer the draw it placed', () => {
    let redraws = 0;
    for (let seed = 0; seed < 15; seed++) {
      const plain = generateLayers(grammar, { seed });
      const a = generateLayers(grammar, { seed, explain: true });
      expect(plain.history).toBeUndefined();
      expect(a.layers).toEqual(plain.layers);
      expect(a.violations.facts).toEqual(plain.violations.facts);
      const ds = draws(a);
      for (const l of a.layers) {
        const mine = ds.filter((d) => d.layer === l.name);
        expect(mine.map((d) => d.attempt)).toEqual(Array.from({ length: l.attempts }, (_, i) => i + 1));
        const kept = mine.filter((d) => d.kept);
        expect(kept).toHaveLength(1);
        expect(kept[0]).toMatchObject({ attempt: l.attempts, placed: l.placed, base: l.base, mask: l.mask, outside: [] });
        // each redraw is caused by the groups out of bounds in the draw before
        for (let i = 1; i < mine.length; i++) expect(mine[i]?.because).toEqual(mine[i - 1]?.outside);
        expect(mine[0]?.because).toEqual([]);
        for (const d of mine.slice(0, -1)) expect(d.outside.length).toBeGreaterThan(0);
        redraws += mine.length - 1;
      }
    }
    expect(redraws).toBeGreaterThan(0);
  });

  it('explains each layer’s draws as text, the same for the same seed', () => {
    let text: string | undefined;
    for (let seed = 0; seed < 15 && !text; seed++) {
      const t = explainLayers(generateLayers(grammar, { seed, explain: true }));
      if (t.includes('draw 2:')) text = t;
    }
    expect(text).toBeDefined();
    const lines = text!.split('\n');
    expect(lines[0]).toMatch(/^seed \d+$/);
    expect(lines[1]).toBe('layer door (order 1): 9 site(s), (between door 1 1)');
    expect(lines[2]).toMatch(/^ {2}draw 1: \d drawn, 9 allowed, \d placed$/);
    expect(lines[4]).toBe('    mask:   every site');
    expect(text).toMatch(/\n {4}out of bounds: group \d holds \d(, group \d holds \d)*\n {2}draw 2: redraws group \d(, group \d)* \(\d site\(s\)\); \d drawn, \d placed\n/);
    expect(text).toMatch(/\n {2}kept draw \d+\nlayer lamp \(order 2\): 9 site\(s\)\n {2}draw 1: 9 drawn, 3 allowed, 3 placed\n/);
    const seed = Number(lines[0]?.slice(5));
    expect(explainLayers(generateLayers(grammar, { seed, explain: true }))).toBe(text);
  });

  it('explains rules/building.gdl', () => {
    const a = generateLayers(load(readRepoFile('rules/building.gdl'), 'rules/building.gdl'), { seed: 7, explain: true });
    const text = explainLayers(a);
    expect(text.match(/^layer \w+ \(order \d\)/gm)).toEqual(['layer wing (order 1)', 'layer stairs (order 2)', 'layer door (order 3)']);
    expect(text.match(/^ {2}kept draw \d+$/gm)).toEqual(a.layers.map((l) => `  kept draw ${l.attempts}`));
  });

  it('refuses to explain an artifact generated without history', () => {
    expect(errorOf(() => explainLayers(generateLayers(grammar, { seed: 1 }))).code).toBe('generate/no-history');
  });
});
