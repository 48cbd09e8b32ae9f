/**
 * GDL keywords in any case (issue 11): the 2006-era games write `(ROLE ...)`,
 * `(<= (LEGAL ...) (TRUE ...) (NOT ...))`. GGP-Base reads and plays them; so
 * does gramlog, with a `case` warning per spelling.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { staticChecks } from '../../src/gdl/checks/static-checks.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { randomPlayout } from '../../src/gdl/play/playout.js';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { loadProgram } from '../../src/program/load.js';
import { createRandom } from '../../src/random.js';

const UPPER = `; a little game in the 2006 style
(ROLE ROBOT)
(INIT (STEP 0))
(SUCC 0 1) (SUCC 1 2)
(<= (LEGAL ROBOT WAIT) (TRUE (STEP ?_N)) (Not (TRUE (STEP 2))))
(<= (NEXT (STEP ?M)) (TRUE (STEP ?N)) (SUCC ?N ?M) (DISTINCT ?N ?M))
(<= TERMINAL (TRUE (STEP 2)))
(<= (GOAL ROBOT 100) (OR (TRUE (STEP 2)) (TRUE (STEP 3))))
`;

describe('GDL keywords in any case', () => {
  it('loads the keyword relations under their lower-case names, keeping the spelling', () => {
    const program = loadGame(UPPER, 'up.kif');
    expect(program.findRelation('role', 1)).toBeDefined();
    expect(program.findRelation('ROLE', 1)).toBeUndefined();
    expect(program.statements[0]?.head).toMatchObject({ pred: 'role', written: 'ROLE' });
    // Other names keep their case.
    expect(program.findRelation('SUCC', 2)).toBeDefined();
  });

  it('validates and plays the game, warning once per keyword spelling', () => {
    const r = validateGame(UPPER, { file: 'up.kif' });
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.roles).toEqual(['ROBOT']);
    const cases = r.findings.filter((f) => f.code === 'case');
    expect(cases.map((f) => f.message.slice(0, 8))).toEqual(
      ["'ROLE' i", "'INIT' i", "'LEGAL' ", "'TRUE' i", "'NEXT' i", "'TERMINA", "'GOAL' i"],
    );
    expect(cases[0]?.message).toContain("read as the GDL keyword 'role'");
    const sm = createStateMachine(loadGame(UPPER, 'up.kif'));
    expect(randomPlayout(sm, createRandom(1), 10)).toEqual({ depth: 2, terminal: true, goals: [[100]] });
  });

  it('keeps names case-sensitive outside GDL (plain loadProgram)', () => {
    const plain = loadProgram([{ text: '(ROLE ROBOT) (<= p (Q) (NOT (R)))', file: 'p.kif' }]);
    expect(plain.findRelation('ROLE', 1)).toBeDefined();
    expect(plain.findRelation('role', 1)).toBeUndefined();
    expect(plain.findRelation('NOT', 1)).toBeDefined();
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const games2006 = path.resolve(repoRoot, '../shared/ggp-games/arnaudsj+ggpserver/GgpRatingSystem/data/competition2006/original_data/2006games');
const SAMPLE = ['NIM_S.3357418060.kif', 'BUNK_S.3359146085.kif', 'CHICKENTICTACTOE_S.3357418559.kif'];

describe.skipIf(!existsSync(games2006))('the 2006 *_S games of ../shared/ggp-games', () => {
  if (!existsSync(games2006)) console.log(`skipped: ${games2006} is absent (a fresh clone has no ../shared)`);
  for (const name of SAMPLE) {
    it(`${name} validates (keywords in capitals)`, () => {
      const text = readFileSync(path.join(games2006, name), 'utf8');
      expect(text).toContain('(ROLE ');
      const r = validateGame(text, { file: name, maxStates: 500, playouts: 3 });
      expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.roles.length).toBeGreaterThan(0);
      expect(r.findings.some((f) => f.code === 'case')).toBe(true);
    });
  }
});
