/**
 * Output is never silently lost (issue 20, class 6): the built command line,
 * spawned for real, with standard output on a full disk (/dev/full) reports
 * the cause and exits 2; with a reader that goes away (`| head -1`) it ends
 * quietly with exit 0. Every command that prints, both with text and --json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

const bin = resolve(repoRoot, 'bin/gramlog.js');

/** A command of every kind that writes standard output. */
const COMMANDS = [
  '--help',
  '--version',
  'validate --help',
  'query rules/family.kif',
  'query rules/family.kif --json',
  'validate games/tictactoe.kif --max-states 100 --playouts 2',
  'simulate games/nim.kif --playouts 5',
  'generate rules/dungeon.gdl --count 3',
  'generate rules/dungeon.gdl --count 3 --json',
  'generate rules/building.gdl',
  'generate rules/mission.json --count 2',
  'master rules/items.bp Spear --count 3 --json',
  'analyze rules/building.gdl',
  'check rules/check-broken.gdl --json',
];

function sh(script: string) {
  return spawnSync('bash', ['-c', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
}

describe.skipIf(!existsSync('/dev/full'))('a full disk on standard output (/dev/full)', () => {
  it.each(COMMANDS)('gramlog %s > /dev/full: the cause on stderr, exit 2', (cmd) => {
    const r = sh(`"${process.execPath}" "${bin}" ${cmd} > /dev/full`);
    expect(r.signal, cmd).toBeNull();
    expect(r.stderr, cmd).toContain('<stdout>: error: cannot write: no space left on device (ENOSPC)');
    expect(r.stderr, cmd).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.status, cmd).toBe(2);
  });
});

describe('a closed pipe on standard output (| head -1)', () => {
  it.each(COMMANDS)('gramlog %s | head -1: quiet, exit 0', (cmd) => {
    const r = sh(`set -o pipefail; "${process.execPath}" "${bin}" ${cmd} | head -1 >/dev/null`);
    expect(r.signal, cmd).toBeNull();
    expect(r.stderr, cmd).toBe('');
    // a command with findings still exits 1; what matters is that the pipe is no error
    expect([0, 1], cmd).toContain(r.status);
  });
});
