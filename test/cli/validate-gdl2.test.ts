/** `gramlog validate` on GDL-II games: the epistemic error prints both histories (text) and carries them in --json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './fake-io.js';

const hidden = readFileSync(join(repoRoot, 'games/broken/hidden-legal.kif'), 'utf8');

describe('validate on GDL-II games', () => {
  it('prints both histories of an epistemic error, with the percepts and the differing legal moves', async () => {
    const r = await runCli(['validate', 'hidden-legal.kif'], { 'hidden-legal.kif': hidden });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('hidden-legal.kif:25:1: error[epistemic]: guesser cannot tell apart two histories');
    expect(r.stdout).toContain('  history 1: 1 joint move from the initial state\n    1. random (choose 1), guesser noop; guesser sees nothing\n    then guesser may play: (guess 1)');
    expect(r.stdout).toContain('  history 2: 1 joint move from the initial state\n    1. random (choose 2), guesser noop; guesser sees nothing\n    then guesser may play: (guess 2)');
  });

  it('--json gives the role and both histories', async () => {
    const r = await runCli(['validate', '--json', 'hidden-legal.kif'], { 'hidden-legal.kif': hidden });
    const out = JSON.parse(r.stdout.trim());
    expect(out.ok).toBe(false);
    expect(out.findings[0]).toMatchObject({
      check: 'epistemic',
      line: 25,
      column: 1,
      role: 'guesser',
      histories: [
        { moves: [['(choose 1)', 'noop']], percepts: [[]], legal: ['(guess 1)'] },
        { moves: [['(choose 2)', 'noop']], percepts: [[]], legal: ['(guess 2)'] },
      ],
    });
  });

  it('says when the epistemic check was exhaustive', async () => {
    const r = await runCli(['validate', 'guess.kif'], { 'guess.kif': readFileSync(join(repoRoot, 'games/guess.kif'), 'utf8') });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('guess.kif: valid (GDL-II; 29 states searched, every reachable state; epistemic check exhaustive)\n');
  });
});
