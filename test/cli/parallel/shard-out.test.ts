/**
 * `--shard K/N`: the shards' outputs concatenated are the whole run's bytes,
 * also with the index from a scheduler's variable as the recipes pass it;
 * `--out DIR` + `gramlog merge`: the same bytes from shard folders; `--resume`
 * after an interruption (a killed run, a damaged folder) gives the bytes of an
 * uninterrupted run. The oracle is the same command without --shard/--out.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardItems, shardPart, parseShard } from '../../../src/cli/parallel/shard.js';
import { FAILING_GRAMMAR, gramlog, shell, start } from './helpers.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gramlog-shard-'));
  writeFileSync(join(dir, 'fail.gdl'), FAILING_GRAMMAR);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('shard arithmetic', () => {
  it('N contiguous parts, sizes differing by at most one, earlier ones larger, covering the range once', () => {
    for (let total = 0; total <= 30; total++) {
      for (let n = 1; n <= 9; n++) {
        const parts = Array.from({ length: n }, (_, k) => shardPart({ index: k, count: n }, total));
        let next = 0;
        for (const p of parts) {
          expect(p.offset).toBe(next);
          next += p.size;
        }
        expect(next).toBe(total);
        const sizes = parts.map((p) => p.size);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
        const items = Array.from({ length: total }, (_, i) => i);
        expect(parts.flatMap((_, k) => shardItems({ index: k, count: n }, items))).toEqual(items);
      }
    }
  });

  it('K/N is 0-based; a 1-based index or an empty variable is a clear message', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    expect(parseShard('8/8')).toMatch(/K runs from 0 to N-1 \(7\), not 8/);
    expect(parseShard('/8')).toMatch(/is the scheduler's index variable empty/);
    expect(parseShard('1/0')).toMatch(/N must be at least 1/);
  });
});

describe('--shard K/N', () => {
  it('the shards concatenated are the whole run (text, failures and violations in the range)', () => {
    const whole = gramlog(['generate', 'fail.gdl', '--count', '40', '--jobs', '1'], { cwd: dir });
    expect(whole.stderr).toContain('error[generate/maxnodes]');
    const parts = [0, 1, 2].map((k) => gramlog(['generate', 'fail.gdl', '--count', '40', '--shard', `${k}/3`, '--jobs', '2'], { cwd: dir }));
    expect(parts.map((p) => p.stdout).join('')).toBe(whole.stdout);
    expect(parts[0]?.stderr).toMatch(/\(of 14 seeds, 0\.\.13\)\n$/);
    expect(parts[2]?.stderr).toMatch(/\(of 13 seeds, 27\.\.39\)\n$/);
  });

  it("with the index from Kubernetes' JOB_COMPLETION_INDEX and Slurm's SLURM_ARRAY_TASK_ID, as the recipes run it", () => {
    const whole = gramlog(['generate', 'rules/dungeon.gdl', '--count', '10', '--seed', '100', '--json']);
    const k8s = [0, 1].map(
      (k) => shell('$GRAMLOG generate rules/dungeon.gdl --count 10 --seed 100 --json --shard "$JOB_COMPLETION_INDEX/2"', { env: { JOB_COMPLETION_INDEX: String(k) } }).stdout,
    );
    expect(k8s.join('')).toBe(whole.stdout);
    const slurm = [0, 1].map(
      (k) =>
        shell('$GRAMLOG generate rules/dungeon.gdl --count 10 --seed 100 --json --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT"', {
          env: { SLURM_ARRAY_TASK_ID: String(k), SLURM_ARRAY_TASK_COUNT: '2' },
        }).stdout,
    );
    expect(slurm.join('')).toBe(whole.stdout);
    const empty = shell('$GRAMLOG generate rules/dungeon.gdl --count 10 --shard "$JOB_COMPLETION_INDEX/4"', { env: { JOB_COMPLETION_INDEX: '' } });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("--shard takes K/N (K from 0 to N-1), not '/4' (is the scheduler's index variable empty?");
  });
});

describe('--out DIR and gramlog merge', () => {
  it('shard folders merge to the bytes of the whole run; merge --out makes one folder of the whole run', () => {
    const args = ['generate', 'fail.gdl', '--count', '40', '--json', '--chunk', '6'];
    const whole = gramlog([...args.filter((a) => a !== '--chunk' && a !== '6'), '--jobs', '1'], { cwd: dir });
    for (const k of [0, 1, 2]) {
      const r = gramlog([...args, '--shard', `${k}/3`, '--out', `out-a/shard-${k}`, '--jobs', '2'], { cwd: dir });
      expect(r.stdout).toBe('');
      expect(r.status).toBe(1); // findings, as without --out
    }
    const m = JSON.parse(readFileSync(join(dir, 'out-a/shard-0/manifest.json'), 'utf8'));
    expect(m).toMatchObject({ command: 'generate', complete: true, seeds: { first: 0, count: 40 }, shard: { index: 0, count: 3 }, range: { first: 0, count: 14 } });
    expect(m.inputs).toEqual([{ file: 'fail.gdl', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(m.chunks.map((c: { files: Array<{ name: string }> }) => c.files[0]?.name)).toEqual(['chunk-000000.jsonl', 'chunk-000001.jsonl', 'chunk-000002.jsonl']);
    expect(m.chunks.flatMap((c: { failures: Array<{ seed: number }> }) => c.failures.map((f) => f.seed))).toContain(6);
    const merged = gramlog(['merge', 'out-a/shard-2', 'out-a/shard-0', 'out-a/shard-1'], { cwd: dir });
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(whole.stdout);
    const intoDir = gramlog(['merge', 'out-a/shard-0', 'out-a/shard-1', 'out-a/shard-2', '--out', 'out-a/all'], { cwd: dir });
    expect(intoDir.status).toBe(0);
    expect(gramlog(['merge', 'out-a/all'], { cwd: dir }).stdout).toBe(whole.stdout);
  });

  it('one document per artifact (DOT): a file per seed', () => {
    const r = gramlog(['generate', 'rules/tree.gdl', '--count', '3', '--seed', '-1', '--format', 'dot', '--out', join(dir, 'dot')]);
    expect(r.status).toBe(0);
    expect(readdirSync(join(dir, 'dot')).sort()).toEqual(['manifest.json', 'seed-000000.dot', 'seed-000001.dot', 'seed-m000001.dot']);
    expect(readFileSync(join(dir, 'dot', 'seed-000001.dot'), 'utf8')).toBe(gramlog(['generate', 'rules/tree.gdl', '--seed', '1', '--format', 'dot']).stdout);
    expect(gramlog(['merge', join(dir, 'dot')]).stdout).toBe(gramlog(['generate', 'rules/tree.gdl', '--count', '3', '--seed', '-1', '--format', 'dot']).stdout);
  });

  it('merge names the folder and what disagrees: other params, a missing shard, an unfinished shard, a changed chunk', () => {
    const base = ['generate', 'rules/tree.gdl', '--count', '9', '--json', '--chunk', '2'];
    const at = (p: string) => join(dir, p);
    const run = (...a: string[]) => gramlog(a, { cwd: dir });
    gramlog([...base, '--shard', '0/3', '--out', at('m/s0')]);
    gramlog([...base, '--shard', '1/3', '--out', at('m/s1')]);
    gramlog([...base, '--shard', '2/3', '--out', at('m/s2')]);
    gramlog([...base, '--shard', '2/3', '--out', at('m/p2'), '--param', 'height=3']);
    const other = run('merge', 'm/s0', 'm/s1', 'm/p2');
    expect(other.status).toBe(1);
    expect(other.stdout).toBe('');
    expect(other.stderr).toMatch(/^m\/p2\/manifest\.json:\d+:\d+: error\[jobs\/merge-mismatch\]: not a shard of the same run as m\/s0\/manifest\.json: the options differ/);
    const gap = run('merge', 'm/s0', 'm/s2');
    expect(gap.stderr).toMatch(/^m\/s2\/manifest\.json:\d+:\d+: error\[jobs\/merge-range\]: seeds 3\.\.5 of the run \(seeds 0\.\.8\) are in none of the folders given/);
    const twice = run('merge', 'm/s0', 'm/s1', 'm/s1', 'm/s2');
    expect(twice.stderr).toContain('error[jobs/merge-range]');
    expect(twice.stderr).toContain('give each shard once');
    writeFileSync(at('m/s1/chunk-000001.jsonl'), '{}\n');
    const changed = run('merge', 'm/s0', 'm/s1', 'm/s2');
    expect(changed.stderr).toMatch(/^m\/s1\/manifest\.json:\d+:\d+: error\[jobs\/merge-chunk\]: m\/s1\/chunk-000001\.jsonl: its sha256 is not the manifest's/);
    expect(changed.status).toBe(1);
    const m0 = JSON.parse(readFileSync(at('m/s0/manifest.json'), 'utf8'));
    writeFileSync(at('m/s0/manifest.json'), JSON.stringify({ ...m0, complete: false }));
    const unfinished = run('merge', 'm/s0', 'm/s1', 'm/s2');
    expect(unfinished.stderr).toMatch(/^m\/s0\/manifest\.json:\d+:\d+: error\[jobs\/merge-incomplete\]: shard 0\/3 is not complete .*--resume/);
    const notRun = run('merge', 'm');
    expect(notRun.stderr).toMatch(/^m: error\[jobs\/merge-manifest\]/);
  });

  it('--out refuses a folder that holds a run unless --resume; --resume refuses another run', () => {
    const args = ['generate', 'rules/tree.gdl', '--count', '4', '--out', join(dir, 'once')];
    expect(gramlog(args).status).toBe(0);
    const again = gramlog(args);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already holds a run');
    const other = gramlog([...args, '--resume', '--seed', '5']);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/--resume: .*manifest\.json is of another run: the options differ/);
    expect(gramlog(['generate', 'rules/tree.gdl', '--resume']).stderr).toContain('--resume finishes an --out DIR run; give --out DIR');
    // a folder that cannot be made (a file in its path): a message naming it, exit 2
    writeFileSync(join(dir, 'a-file'), '');
    const bad = gramlog(['generate', 'rules/tree.gdl', '--count', '2', '--out', join(dir, 'a-file', 'x')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`--out ${join(dir, 'a-file', 'x')}: cannot make the folder: ENOTDIR`);
  });
});

describe('--resume', () => {
  const args = ['generate', 'rules/dungeon.gdl', '--count', '60', '--json', '--chunk', '4'];
  let whole = '';
  beforeAll(() => {
    whole = gramlog([...args.slice(0, 5), '--jobs', '1']).stdout;
  });

  it('after a damaged folder (a chunk deleted, one changed, one half-written, the manifest behind): the bytes of an uninterrupted run', () => {
    const out = join(dir, 'damaged');
    expect(gramlog([...args, '--out', out]).status).toBe(0);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    rmSync(join(out, 'chunk-000002.jsonl'));
    writeFileSync(join(out, 'chunk-000005.jsonl'), 'changed\n');
    writeFileSync(join(out, 'chunk-000014.jsonl.tmp-1'), '{"half":');
    m.chunks = m.chunks.slice(0, 12);
    m.complete = false;
    writeFileSync(join(out, 'manifest.json'), JSON.stringify(m));
    const r = gramlog([...args, '--out', out, '--resume', '--jobs', '2']);
    expect(r.status).toBe(0);
    expect(existsSync(join(out, 'chunk-000014.jsonl.tmp-1'))).toBe(false);
    expect(gramlog(['merge', out]).stdout).toBe(whole);
  });

  it('after the process is killed mid-run: the bytes of an uninterrupted run', async () => {
    const out = join(dir, 'killed');
    const big = ['generate', 'rules/dungeon.gdl', '--count', '600', '--json', '--chunk', '4', '--out', out, '--jobs', '2'];
    const child = start(big);
    // kill it (SIGKILL: no chance to tidy up) once a few chunks are in the manifest
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      try {
        if (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).chunks.length >= 3) break;
      } catch {
        // not written yet, or being renamed
      }
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const before = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(before.complete).toBe(false);
    const r = gramlog([...big, '--resume']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const all = gramlog(['generate', 'rules/dungeon.gdl', '--count', '600', '--json', '--jobs', '1']).stdout;
    expect(gramlog(['merge', out]).stdout).toBe(all);
  }, 180_000);
});

describe('the corpus runner (npm run corpus) --shard K/N', () => {
  it('splits the files in sorted order: the shards hold every file once, in order', async () => {
    const { spawnSync } = await import('node:child_process');
    const { repoRoot } = await import('../../helpers.js');
    const corpus = join(repoRoot, 'dist', 'cli', 'corpus.js');
    const files = (k: number) =>
      spawnSync(process.execPath, [corpus, join(repoRoot, 'games'), '--shard', `${k}/2`, '--list', join(dir, 'list.txt'), '--jobs', '1'], { encoding: 'utf8' })
        .stdout.split('\n')
        .slice(1, -1)
        .map((l) => l.split('\t')[0]);
    writeFileSync(join(dir, 'list.txt'), 'tictactoe.kif\nnim.kif\nguess.kif\n');
    expect([...files(0), ...files(1)]).toEqual(['guess.kif', 'nim.kif', 'tictactoe.kif']);
    expect(files(0)).toEqual(['guess.kif', 'nim.kif']);
  }, 60_000);
});
