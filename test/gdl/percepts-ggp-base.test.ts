/**
 * GDL-II percepts against a second implementation: GGP-Base's prover
 * (AimaProver), asked `(sees ?r ?p)` with each step's `true` and `does` facts.
 * GGP-Base is not part of gramlog: this test runs only when
 * GRAMLOG_GGP_BASE_CP names a Java classpath holding GGP-Base's gdl, symbol
 * and prover classes and guava (as test/bench/gdl-ggp-base.ts takes it), and
 * `javac` is on PATH: it compiles the driver test/bench/ggp-base/SeesOracle.java
 * (reads the game file, then one line per query, `FACTS<TAB>((ROLE MOVE) ...)`,
 * and prints the sees sentences of each, tab-separated); see docs/gdl-ii.md.
 * Otherwise it is skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { ggpBaseDriver } from './ggp-base-java.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const classpath = ggpBaseDriver('GGP-Base oracle for percepts', 'SeesOracle');

const GAMES = [
  path.join(repoRoot, 'games/guess.kif'),
  ...['MontyHall.gdl', 'kriegtictactoe.gdl', 'latenttictactoe.gdl', 'stratego.gdl', 'backgammon.gdl'].map((f) =>
    path.join(shared, 'battlemage10000+GGPMCK/res/gdlii', f),
  ),
];

const norm = (s: string) => s.replace(/\( /g, '(').replace(/ \)/g, ')').toLowerCase();

describe.skipIf(!classpath)('percepts agree with GGP-Base\'s prover', () => {
  for (const file of GAMES) {
    it.skipIf(!existsSync(file))(`${path.basename(file)}: the same sees facts at every step of seeded random playouts`, () => {
      const sm = createStateMachine(loadGame(readFileSync(file, 'utf8'), file));
      const queries: string[] = [];
      const ours: string[] = [];
      for (const seed of [1, 2, 3]) {
        const random = createRandom(seed);
        let state = sm.initialState();
        for (let depth = 0; depth < 15 && !sm.isTerminal(state); depth++) {
          const legal = sm.roles.map((_, r) => sm.legalMoves(state, r));
          if (legal.some((l) => l.length === 0)) break;
          const joint = legal.map((l) => l[random.int(l.length)] as number);
          queries.push(`${state.facts.map((f) => sm.print(f)).join(' ')}\t(${joint.map((m, r) => `(${sm.print(sm.roles[r] as number)} ${sm.print(m)})`).join(' ')})`);
          const seen = sm.percepts(state, joint).flatMap((ps, r) => ps.map((p) => `(sees ${sm.print(sm.roles[r] as number)} ${sm.print(p)})`));
          ours.push(seen.map(norm).sort().join('\t'));
          state = sm.nextState(state, joint);
        }
      }
      const java = spawnSync('java', ['-cp', classpath as string, 'SeesOracle', file], { input: queries.join('\n') + '\n', encoding: 'utf8', timeout: 120_000 });
      expect(java.status, java.stderr).toBe(0);
      const theirs = java.stdout.split('\n').slice(0, queries.length).map((l) => l.split('\t').filter((x) => x).map(norm).sort().join('\t'));
      expect(theirs.length).toBe(queries.length);
      theirs.forEach((t, i) => expect(ours[i], `${path.basename(file)} query ${i}: ${queries[i]}`).toBe(t));
      expect(ours.some((o) => o.length > 0), 'some step has percepts').toBe(true);
    }, 120_000);
  }
});
