/**
 * The bundled examples of --satisfy (rules/menu.gdl, rules/heist.gdl,
 * rules/loot.bp with rules/loot-rules.gdl): each loads without a finding,
 * plain generation breaks its constraint on some of seeds 1..200 (what the
 * example is there to show), and --satisfy --count 200 exits 0 with 200
 * artifacts, none violating, the seeds plain generation got right byte for
 * byte as plain generation prints them. rules/map.gdl and
 * rules/building-incomplete.gdl, whose seeds fail on a dead-ended layer, are
 * satisfied too.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/fake-io.js';

const COUNT = ['--seed', '1', '--count', '200', '--json', '--jobs', '1'];

const EXAMPLES: ReadonlyArray<{ name: string; analyze: string[]; run: string[] }> = [
  { name: 'rules/menu.gdl', analyze: ['rules/menu.gdl'], run: ['generate', 'rules/menu.gdl'] },
  { name: 'rules/heist.gdl', analyze: ['rules/heist.gdl'], run: ['generate', 'rules/heist.gdl'] },
  { name: 'rules/loot.bp', analyze: ['rules/loot.bp', 'rules/loot-rules.gdl'], run: ['master', 'rules/loot.bp', 'rules/loot-rules.gdl', 'Chest'] },
];

const lines = (stdout: string): string[] => stdout.split('\n').filter((l) => l.length > 0);
const seedOf = (line: string): number => (JSON.parse(line) as { seed: number }).seed;

describe('the examples of --satisfy', () => {
  for (const e of EXAMPLES) {
    it(`${e.name}: loads, breaks its constraint on some seeds, and --satisfy keeps it on every seed`, async () => {
      const analyzed = await runCli(['analyze', ...e.analyze]);
      expect(analyzed.stdout + analyzed.stderr).toContain('no findings');
      expect(analyzed.code).toBe(0);

      const plain = await runCli([...e.run, ...COUNT]);
      expect(plain.code).toBe(1);
      const plainLines = lines(plain.stdout);
      const violating = plainLines.filter((l) => l.includes('"violations"'));
      expect(violating.length).toBeGreaterThan(0);

      const sat = await runCli([...e.run, ...COUNT, '--satisfy']);
      expect(sat.stderr).toBe('');
      expect(sat.code).toBe(0);
      const satLines = lines(sat.stdout);
      expect(satLines.map(seedOf)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(satLines.filter((l) => l.includes('"violations"'))).toEqual([]);
      // faithful: a seed plain generation got right is printed as plain generation prints it
      const bySeed = new Map(satLines.map((l) => [seedOf(l), l]));
      for (const l of plainLines) if (!l.includes('"violations"')) expect(bySeed.get(seedOf(l))).toBe(l);
      // and a seed it got wrong says how it was satisfied
      for (const l of violating) expect(JSON.parse(bySeed.get(seedOf(l)) as string)).toHaveProperty('satisfy.method');
    }, 120_000);
  }

  for (const file of ['rules/map.gdl', 'rules/building-incomplete.gdl']) {
    it(`${file}: --satisfy gives an artifact on every seed, where plain generation fails on some`, async () => {
      const plain = await runCli(['generate', file, ...COUNT]);
      expect(plain.code).toBe(1);
      expect(lines(plain.stdout).length).toBeLessThan(200);
      const sat = await runCli(['generate', file, ...COUNT, '--satisfy']);
      expect(sat.code).toBe(0);
      expect(lines(sat.stdout).length).toBe(200);
      expect(sat.stdout).not.toContain('"violations"');
    }, 120_000);
  }
});
