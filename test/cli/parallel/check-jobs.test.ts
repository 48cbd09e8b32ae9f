/**
 * check --jobs N: blocks of runs on worker threads, the first failing run in
 * run order shrunk in the main thread; stdout, stderr and the exit code are
 * those of --jobs 1. The seeds are chosen so that the first failure is past
 * the first block of runs (which runs in the main thread): workers found it.
 */
import { describe, expect, it } from 'vitest';
import { gramlog } from './helpers.js';

const CASES: Array<{ name: string; args: string[]; exit: number; first: RegExp }> = [
  { name: 'a layer file that fails at run 9', args: ['rules/check-broken.gdl', '--runs', '100', '--seed', '2'], exit: 1, first: /counterexample after 9 runs, shrunk from \d+ to \d+ placed sites in 6 shrink steps/ },
  { name: 'a tree grammar that fails at run 31', args: ['rules/flowers.gdl', '--runs', '100', '--seed', '9'], exit: 1, first: /counterexample after 31 runs/ },
  { name: 'a layer file that fails at run 23 (--json)', args: ['rules/building-incomplete.gdl', '--runs', '100', '--seed', '5', '--json'], exit: 1, first: /"ok":false,"runs":23,/ },
  { name: 'a layer file that holds', args: ['rules/building.gdl', '--runs', '60', '--seed', '3'], exit: 0, first: /ok, 60 runs held/ },
  { name: 'a graph grammar that holds', args: ['rules/mission.json', 'rules/mission-checks.gdl', '--runs', '40'], exit: 0, first: /ok, 40 runs held/ },
];

describe('check --jobs', () => {
  for (const c of CASES) {
    it(`${c.name}: --jobs 2 and 3 print what --jobs 1 prints, byte for byte`, () => {
      const one = gramlog(['check', ...c.args, '--jobs', '1']);
      expect(one.status).toBe(c.exit);
      expect(one.stdout).toMatch(c.first);
      for (const j of ['2', '3']) {
        const many = gramlog(['check', ...c.args, '--jobs', j]);
        expect({ status: many.status, stdout: many.stdout, stderr: many.stderr }).toEqual({ status: one.status, stdout: one.stdout, stderr: one.stderr });
      }
    });
  }

  it('the printed --path replays the counterexample found with --jobs 2', () => {
    const two = gramlog(['check', 'rules/flowers.gdl', '--runs', '100', '--seed', '9', '--jobs', '2']);
    const path = /fast-check path (\S+)/.exec(two.stdout)?.[1];
    expect(path).toMatch(/^30(:\d+)+$/);
    const replay = gramlog(['check', 'rules/flowers.gdl', '--runs', '100', '--seed', '9', '--path', path as string]);
    expect(replay.status).toBe(1);
    const cx = (s: string) => /counterexample: .*/.exec(s)?.[0];
    expect(cx(replay.stdout)).toBe(cx(two.stdout));
  });
});
