/** `gramlog generate --satisfy` and `gramlog master --satisfy` from the command line. */
import { describe, expect, it } from 'vitest';
import { runBin, runCli } from './fake-io.js';

const ROOMS = '(start room)\n(rule room small 1)\n(rule room big 1)\n';
const BOTH = { 'rooms.gdl': ROOMS + '(<= (violation too-small ?n) (chose ?n small))\n(<= (violation too-big ?n) (chose ?n big))\n' };
const BIG = { 'rooms.gdl': ROOMS + '(<= (violation too-big ?n) (chose ?n big))\n' };

describe('gramlog generate --satisfy', () => {
  it('prints the same bytes as plain generation for every seed plain generation gets right, and an artifact for every other', async () => {
    const plain = runBin('generate', 'rules/map.gdl', '--count', '300', '--json');
    const sat = runBin('generate', 'rules/map.gdl', '--count', '300', '--json', '--satisfy');
    expect(plain.status).toBe(1);
    expect(sat.status).toBe(0);
    expect(sat.stderr).toBe('');
    const satLines = sat.stdout.trimEnd().split('\n');
    expect(satLines).toHaveLength(300);
    const bySeed = new Map(satLines.map((l) => [(JSON.parse(l) as { seed: number }).seed, l]));
    const plainLines = plain.stdout.trimEnd().split('\n');
    expect(plainLines.length).toBeLessThan(300); // the failed seeds print nothing
    for (const l of plainLines) expect(bySeed.get((JSON.parse(l) as { seed: number }).seed)).toBe(l);
    const redrawn = satLines.filter((l) => l.includes('"satisfy":'));
    expect(redrawn.length).toBe(300 - plainLines.length);
    for (const l of redrawn) expect(JSON.parse(l)).toMatchObject({ satisfy: { method: 'redraw' } });
  });

  it('gives the same bytes on two threads as on one', () => {
    const one = runBin('generate', 'rules/building-incomplete.gdl', '--count', '400', '--json', '--satisfy', '--jobs', '1');
    const two = runBin('generate', 'rules/building-incomplete.gdl', '--count', '400', '--json', '--satisfy', '--jobs', '2');
    expect(one.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
  });

  it('names exactly the conflicting lines when no artifact satisfies the file, once for a whole run, exit 1', async () => {
    const r = await runCli(['generate', 'rooms.gdl', '--satisfy', '--count', '5'], BOTH);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.match(/error\[satisfy\/unsatisfiable\]: no artifact satisfies/g)).toHaveLength(1);
    expect(r.stderr).toContain('rooms.gdl:4:1: error[satisfy/unsatisfiable]: conflicting statement 1 of 2');
    expect(r.stderr).toContain('rooms.gdl:5:1: error[satisfy/unsatisfiable]: conflicting statement 2 of 2');
    expect(r.stderr).not.toMatch(/rooms\.gdl:[1-3]:/);
  });

  it('a budget error is located at the violation rule and names the seed, exit 1, and prints no artifact', async () => {
    const r = await runCli(['generate', 'rooms.gdl', '--seed', '2', '--satisfy', '--draws', '1', '--search', '0'], BIG);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^rooms\.gdl:4:1: error\[satisfy\/budget\]: seed 2: /);
  });

  it('steered draws are said in JSON, with the --choose that replays them, and listed by --explain', async () => {
    const r = await runCli(['generate', 'rooms.gdl', '--seed', '2', '--satisfy', '--draws', '1', '--json'], BIG);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as { satisfy: { method: string; choose: Record<string, string> }; root: { rule: string } };
    expect(o.satisfy).toMatchObject({ method: 'search', steered: [{ key: 'n', drawn: 'big', chosen: 'small', avoided: ['(violation too-big n)'] }], choose: { n: 'small' } });
    const replay = await runCli(['generate', 'rooms.gdl', '--seed', '2', '--choose', 'n=small', '--json'], BIG);
    expect((JSON.parse(replay.stdout) as { root: { rule: string } }).root.rule).toBe(o.root.rule);
    const e = await runCli(['generate', 'rooms.gdl', '--seed', '2', '--satisfy', '--draws', '1', '--explain'], BIG);
    expect(e.stdout).toContain('steered draws:\n  n: big -> small  (avoids (violation too-big n))');
  });

  it('a layer file steered by the solver lists the bits it flipped and, per bit, what undoing it would break', async () => {
    const r = await runCli(['generate', 'rules/island.gdl', '--seed', '1', '--satisfy', '--json']);
    expect(r.code).toBe(0);
    const how = (JSON.parse(r.stdout) as { satisfy: { method: string; steered: Array<{ key: string; drawn: string; chosen: string; avoided: string[] }>; choose: Record<string, string> } }).satisfy;
    expect(how.method).toBe('solver');
    expect(how.steered.length).toBe(Object.keys(how.choose).length);
    for (const s of how.steered) {
      expect(s.drawn).not.toBe(s.chosen);
      expect(how.choose[s.key]).toBe(s.chosen);
      for (const a of s.avoided) expect(a).toMatch(/^\((violation river-beach \(at \d+ \d+\)|between river 4 12)\)$/);
      // a river cell taken out: the violation at that very cell
      if (s.key.startsWith('river:') && s.chosen === 'off') expect(s.avoided).toEqual([`(violation river-beach ${s.key.slice('river:'.length)})`]);
    }
    expect(how.steered.some((s) => s.avoided.length > 0)).toBe(true);
  });

  it('a --choose that names no draw is a usage error with --satisfy too (exit 2), never a proof that nothing satisfies', async () => {
    const sword = { 'sword.bp': '@blueprint Sword\n  @property damage = (rand 1 6)\n@end\n', 'rules.gdl': '(<= (violation heavy ?m) (prop ?m damage ?d) (> ?d 2))\n' };
    const graph = { 'g.gdl': '(graphstart a)\n(graphlimit 1)\n(graphrule grow 1)\n(<= (grow ?x) (node ?x a))\n(rewrite grow (keep ?x) (node ?y a) (edge ?x ?y e))\n(<= (violation grew) (edge ?_x ?_y e))\n' };
    for (const [argv, files] of [
      [['generate', 'sword.bp', 'rules.gdl', '--blueprint', 'Sword', '--choose', 'damage#9=0'], sword],
      [['generate', 'g.gdl', '--choose', 'stage0#9=0'], graph],
      [['generate', 'rooms.gdl', '--choose', 'n/7=small'], BIG],
    ] as const) {
      const r = await runCli([...argv, '--satisfy'], files);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^error: gramlog generate: (seed 0: )?--choose /);
      expect(r.stderr).not.toContain('satisfy/unsatisfiable');
    }
  });

  it('--draws and --search go with --satisfy (usage error, exit 2)', async () => {
    for (const o of ['--draws', '--search']) {
      const r = await runCli(['generate', 'rooms.gdl', o, '3'], BIG);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${o} goes with --satisfy`);
    }
  });
});

describe('gramlog master --satisfy', () => {
  it('masters only what the rule files allow, the same master where the seed already does', () => {
    const plain = runBin('master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--count', '60', '--json');
    const sat = runBin('master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--count', '60', '--json', '--satisfy');
    expect(plain.status).toBe(1);
    expect(sat.status).toBe(0);
    const p = plain.stdout.trimEnd().split('\n');
    const s = sat.stdout.trimEnd().split('\n');
    let redrawn = 0;
    p.forEach((line, i) => {
      if (line.includes('"violations"')) {
        redrawn++;
        expect(JSON.parse(s[i] as string)).toMatchObject({ satisfy: { method: 'redraw' } });
        expect(s[i]).not.toContain('"violations"');
      } else expect(s[i]).toBe(line);
    });
    expect(redrawn).toBeGreaterThan(0);
  });
});

describe('gramlog generate --satisfy on a file where the solver steers (rules/island.gdl)', () => {
  it('gives the same bytes on one thread, on two, and in shards; a seed plain generation gets right prints its plain bytes', () => {
    // seeds 260..269: 267 satisfies as drawn, the others are steered
    const args = ['generate', 'rules/island.gdl', '--seed', '260', '--count', '10', '--json', '--satisfy'];
    const one = runBin(...args, '--jobs', '1');
    expect(one.status).toBe(0);
    const two = runBin(...args, '--jobs', '2');
    expect(two.stdout).toBe(one.stdout);
    const shards = [0, 1].map((k) => runBin(...args, '--jobs', '1', '--shard', `${k}/2`).stdout.trimEnd().split('\n'));
    const lines = one.stdout.trimEnd().split('\n');
    expect([...shards[0] as string[], ...(shards[1] as string[])].sort()).toEqual([...lines].sort());
    const methods = lines.map((l) => (JSON.parse(l) as { satisfy?: { method: string } }).satisfy?.method ?? 'plain');
    expect(methods.filter((m) => m === 'solver')).toHaveLength(9);
    const plain = runBin('generate', 'rules/island.gdl', '--seed', '267', '--json');
    expect(lines[7]).toBe(plain.stdout.trimEnd());
  }, 120_000);
});
