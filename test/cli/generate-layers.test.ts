import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRepoFile, repoRoot } from '../helpers.js';
import { runCli } from './fake-io.js';

const TAKEN = { 'v.gdl': '(layer a 1) (site a 1) (chance a 1) (<= (violation taken ?k) (placed a ?k))' };

/** A layer of three sites in one group of exactly one: the first draw often misses, so it redraws. */
const REDRAW = {
  'r.gdl': '(layer a 1) (site a 1) (site a 2) (site a 3) (between a 1 1)\n(layer b 2) (site b 1) (chance b 1) (<= (allow b ?k) (site b ?k) (not (placed a ?k)))',
};

describe('gramlog generate on a layer file', () => {
  it('prints the layers of building.gdl with grids and the floor plan, deterministic by seed', async () => {
    const a = await runCli(['generate', 'rules/building.gdl', '--seed', '7']);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout).toMatch(/^seed 7\n\nlayer wing \(order 1\): 16 site\(s\)/);
    expect(a.stdout).toContain('layer stairs (order 2): 12 site(s)');
    expect(a.stdout).toContain('plan (rows: first key argument, columns: second; W wing, S stairs, D door; . nothing placed)');
    expect(a.stdout.split('\n').filter((l) => /^\s+[1-4]  /.test(l)).length).toBe(4 + 3 + 4 + 4);
    expect((await runCli(['generate', 'rules/building.gdl', '--seed', '7'])).stdout).toBe(a.stdout);
    expect((await runCli(['generate', 'rules/building.gdl', '--seed', '8'])).stdout).not.toBe(a.stdout);
  });

  it('prints JSON {seed, layers} with canonical terms, and applies --param', async () => {
    const r = await runCli(['generate', 'rules/building.gdl', '--seed', '3', '--json', '--param', 'wingchance=0']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['format', 'seed', 'layers']);
    expect(json.seed).toBe(3);
    expect(json.layers.map((l: { name: string }) => l.name)).toEqual(['wing', 'stairs', 'door']);
    expect(json.layers[0].placed).toEqual([]);
    expect(json.layers[1].placed).toHaveLength(3);
    expect(json.layers[1].sites[0]).toBe('(at 1 e)');
    expect(json.layers[1].siteTerms[0]).toEqual(['at', 1, 'e']);
    const one = (await runCli(['generate', 'rules/building.gdl', '--seed', '5', '--json'])).stdout;
    expect(one).toMatch(/^\{"format":"generate-layers\/4","seed":5,"layers":\[/);
    expect(one.split('\n')).toHaveLength(2);
  });

  it('exits 1 and says so when the artifact derives violation facts', async () => {
    const r = await runCli(['generate', 'v.gdl', '--json'], TAKEN);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).violations).toEqual(['(violation taken 1)']);
    expect(JSON.parse(r.stdout).violationRules).toEqual([{ file: 'v.gdl', line: 1, col: 37 }]);
    expect(r.stderr).toBe('v.gdl: seed 0 derives 1 violation fact(s)\n');
    const text = await runCli(['generate', 'v.gdl'], TAKEN);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/\n\nviolations \(1\):\n {2}\(violation taken 1\) {2}; rule v\.gdl:1\n$/);
  });

  it('--count N prints N artifacts, seeds SEED..SEED+N-1, as JSON Lines with --json', async () => {
    const r = await runCli(['generate', 'rules/building.gdl', '--seed', '5', '--count', '3', '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const objects = lines.map((l) => JSON.parse(l) as { seed: number });
    expect(objects.map((o) => o.seed)).toEqual([5, 6, 7]);
    const alone = JSON.parse((await runCli(['generate', 'rules/building.gdl', '--seed', '6', '--json'])).stdout);
    expect(objects[1]).toEqual(alone);
    const text = await runCli(['generate', 'rules/building.gdl', '--seed', '5', '--count', '2']);
    expect(text.stdout.match(/^seed \d+$/gm)).toEqual(['seed 5', 'seed 6']);
    // violations are reported per seed, and any makes the exit code 1
    const v = await runCli(['generate', 'v.gdl', '--count', '2'], TAKEN);
    expect(v.code).toBe(1);
    expect(v.stderr).toBe('v.gdl: seed 0 derives 1 violation fact(s)\nv.gdl: seed 1 derives 1 violation fact(s)\nv.gdl: 2 seeds derived violation facts (2 facts) (of 2 seeds, 0..1)\n');
  });

  it('--explain prints every draw of every layer from the history store', async () => {
    let redrawn: string | undefined;
    for (let seed = 0; seed < 20 && !redrawn; seed++) {
      const r = await runCli(['generate', 'r.gdl', '--seed', String(seed), '--explain'], REDRAW);
      expect(r.code).toBe(0);
      if (r.stdout.includes('draw 2:')) redrawn = r.stdout;
    }
    expect(redrawn).toBeDefined();
    const out = redrawn!;
    expect(out).toMatch(/^seed \d+\nlayer a \(order 1\): 3 site\(s\), \(between a 1 1\)\n {2}draw 1: \d drawn, 3 allowed, \d placed\n/);
    expect(out).toMatch(/\n {4}out of bounds: group all holds [02-3]\n {2}draw 2: redraws group all \(3 site\(s\)\); /);
    expect(out).toMatch(/\n {2}kept draw \d+\nlayer b \(order 2\): 1 site\(s\)\n {2}draw 1: 1 drawn, [01] allowed, [01] placed\n/);
    expect(out.match(/kept draw/g)).toHaveLength(2);
  });

  it('--explain shows the violations after the explanation, and exits 1', async () => {
    const r = await runCli(['generate', 'v.gdl', '--explain'], TAKEN);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'seed 0',
        'layer a (order 1): 1 site(s)',
        '  draw 1: 1 drawn, 1 allowed, 1 placed',
        '    base:   1',
        '    mask:   every site',
        '    placed: 1',
        '  kept draw 1',
        '',
        'violations (1):',
        '  (violation taken 1)  ; rule v.gdl:1',
        '',
      ].join('\n'),
    );
  });

  it('--format tileset does not depend on the seed: a seed deriving violations neither fails it nor is reported, while --format tiled is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-tileset-'));
    const file = join(dir, 'm.gdl');
    writeFileSync(file, readRepoFile('rules/map.gdl') + '\n(<= (violation always) (layer ?_l ?_o))\n');
    try {
      const tileset = spawnSync(process.execPath, [join(repoRoot, 'bin/gramlog.js'), 'generate', file, '--format', 'tileset'], { encoding: 'buffer' });
      expect(tileset.stderr.toString()).toBe('');
      expect(tileset.status).toBe(0);
      expect(tileset.stdout.subarray(1, 4).toString()).toBe('PNG');
      const tiled = await runCli(['generate', 'm.gdl', '--format', 'tiled'], { 'm.gdl': readFileSync(file, 'utf8') });
      expect(tiled.code).toBe(1);
      expect(tiled.stderr).toContain('derives 1 violation fact(s)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --format dot and --explain with JSON (usage errors, exit 2)', async () => {
    const dot = await runCli(['generate', 'rules/building.gdl', '--format', 'dot']);
    expect(dot.code).toBe(2);
    expect(dot.stderr).toContain('a layer file prints text, json, tiled, tileset, svg or png, not dot');
    expect((await runCli(['generate', 'rules/building.gdl', '--explain', '--json'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/building.gdl', '--count', '2', '--seed', 'abc'])).code).toBe(2);
  });

  it('turns a bad --param into a usage error', async () => {
    const malformed = await runCli(['generate', 'rules/building.gdl', '--param', 'wingchance']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain("gramlog generate: --param takes KEY=VALUE, not 'wingchance'");
    const unknown = await runCli(['generate', 'rules/building.gdl', '--param', 'nope=1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('gramlog generate: --param nope: the file has no (param nope VALUE) fact to override; its params are wingchance');
  });

  it('rejects a forward reference with an error at the literal, exit 1', async () => {
    const bad = await runCli(['generate', 'rules/layers-forward.gdl']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/rules\/layers-forward\.gdl:22:10: error\[layers\/forward\]/);
    expect(bad.stderr).toMatch(/door \(order 2\) is not below stairs \(order 1\)/);
  });
});

describe('layer failures', () => {
  it('print the seed, and --count goes on past them', async () => {
    const files = { 'l.gdl': '(layer a 1) (site a 1) (site a 2) (between a 2 2) (onviolation a fail)\n' };
    const r = await runCli(['generate', 'l.gdl', '--count', '6'], files);
    expect(r.code).toBe(1);
    const failed = [...r.stderr.matchAll(/^l\.gdl:1:\d+: error\[layers\/group-bounds\]: seed (\d+): layer a: /gm)].map((m) => Number(m[1]));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length + (r.stdout.match(/^seed \d+$/gm) ?? []).length).toBe(6);
    expect(r.stderr).toContain(`l.gdl: ${failed.length} ${failed.length === 1 ? 'seed' : 'seeds'} failed (of 6 seeds, 0..5)`);
  });

  it('a file with no layer is named in the error', async () => {
    const r = await runCli(['generate', 'n.gdl'], { 'n.gdl': '(site a 1) (layer)' });
    expect(r.stderr).toMatch(/^n\.gdl[:,]/);
  });
});
