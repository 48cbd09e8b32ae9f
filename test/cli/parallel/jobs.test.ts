/**
 * `--jobs N` gives the bytes of `--jobs 1` (stdout, stderr and the exit code),
 * for every style, with violations and failing seeds in the range; a closed
 * pipe stops the workers at once. The oracle is the same command in one thread.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILING_GRAMMAR, gramlog, shell } from './helpers.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gramlog-jobs-'));
  writeFileSync(join(dir, 'fail.gdl'), FAILING_GRAMMAR);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUNS: Array<[string, string[]]> = [
  ['a tree grammar, JSON Lines', ['generate', 'rules/dungeon.gdl', '--count', '24', '--seed', '7', '--json']],
  ['a tree grammar, DOT', ['generate', 'rules/tree.gdl', '--count', '12', '--format', 'dot', '--param', 'height=4']],
  ['layers with violations, text', ['generate', 'rules/check-broken.gdl', '--count', '30']],
  ['a graph grammar (JSON)', ['generate', 'rules/mission.json', '--count', '12', '--json']],
  ['a graph grammar (.gdl), text', ['generate', 'rules/rooms.gdl', '--count', '12']],
  ['params from a blueprint', ['generate', 'rules/dungeon.gdl', '--blueprint', 'rules/items.bp:IceDungeon', '--count', '8']],
  ['master with violation rules', ['master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--count', '30', '--json']],
];

describe('--jobs 2 prints the bytes of --jobs 1', () => {
  it.each(RUNS)('%s', (_name, args) => {
    const one = gramlog([...args, '--jobs', '1']);
    const two = gramlog([...args, '--jobs', '2']);
    expect(one.stdout.length).toBeGreaterThan(0);
    expect(two).toEqual(one);
  });

  it('with failing seeds and violations, text and JSON (findings on stderr in seed order, the same summary)', () => {
    for (const format of [[], ['--json']]) {
      const one = gramlog(['generate', 'fail.gdl', '--count', '40', ...format, '--jobs', '1'], { cwd: dir });
      const two = gramlog(['generate', 'fail.gdl', '--count', '40', ...format, '--jobs', '2'], { cwd: dir });
      expect(one.stderr).toContain('error[generate/maxnodes]: seed 6:');
      expect(one.stderr).toContain('derives 1 violation fact(s)');
      expect(one.stderr).toMatch(/fail\.gdl: \d+ seeds? failed, \d+ seeds? derived violation facts \(\d+ facts?\) \(of 40 seeds, 0\.\.39\)\n$/);
      expect(one.status).toBe(1);
      expect(two).toEqual(one);
    }
  });

  it('a file on stdin reaches the workers as the main thread read it', () => {
    const one = shell(`$GRAMLOG generate - --count 20 --json --jobs 1 < rules/dungeon.gdl`);
    const two = shell(`$GRAMLOG generate - --count 20 --json --jobs 2 < rules/dungeon.gdl`);
    expect(one.status).toBe(0);
    expect(two).toEqual(one);
  });

  it('--jobs takes a whole number from 1', () => {
    const r = gramlog(['generate', 'rules/tree.gdl', '--count', '3', '--jobs', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--jobs must be between 1 and 1024, not 0');
  });

  it('a closed pipe stops every worker at once, quietly', () => {
    const t = Date.now();
    const r = shell(`$GRAMLOG generate rules/dungeon.gdl --count 1000000 --json --jobs 2 | head -c 100 > /dev/null; echo "exit \${PIPESTATUS:-done}"`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // a million seeds take minutes: ending at all means the workers stopped
    expect(Date.now() - t).toBeLessThan(60_000);
  }, 90_000);
});

describe('validate FILE... --jobs and --shard (by file, in sorted order)', () => {
  const files = ['games/tictactoe.kif', 'games/nim.kif', 'games/maze.kif', 'games/broken/bad-goals.kif', 'games/guess.kif'];
  it('--jobs 2 prints the reports of --jobs 1, in file order, text and JSON', () => {
    for (const json of [[], ['--json']]) {
      const one = gramlog(['validate', ...files, ...json, '--jobs', '1']);
      const two = gramlog(['validate', ...files, ...json, '--jobs', '2']);
      expect(one.status).toBe(1);
      expect(two).toEqual(one);
    }
  });

  it('the shards concatenated are the report of the sorted files', () => {
    const whole = gramlog(['validate', ...[...files].sort(), '--jobs', '1']);
    const parts = [0, 1].map((k) => gramlog(['validate', ...files, '--shard', `${k}/2`]));
    expect(parts.map((p) => p.stdout).join('')).toBe(whole.stdout);
    expect(parts[0]?.stdout.startsWith('games/broken/bad-goals.kif:')).toBe(true);
  });
});
