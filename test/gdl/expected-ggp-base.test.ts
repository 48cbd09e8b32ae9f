/**
 * Reproduce the state machine expectations of GGP-Base's own tests
 * (../shared/ggp-games/EXPECTED-ggp-base-tests.tsv, last column) on its test
 * games, with both executors.
 *
 * The last column is free text: clauses separated by `;` or `,` (outside
 * brackets), each interpreted by one of the patterns in CLAUSES below. A
 * clause that plays a move plays it from the initial state (every game here
 * is one move long, except ticTacToe's scripted line).
 *
 * Rows and clauses not interpreted, and why:
 * - every row with an empty last column states no state machine expectation;
 * - test_clean_not_distinct.kif, "after GdlCleaner.run: StaticValidator
 *   passes": a validator expectation after GGP-Base's GdlCleaner rewrote the
 *   game; gramlog needs no cleaner (`(not (distinct ..))` is evaluated as it
 *   stands), and the static validation belongs to the validator's tests. The
 *   rest of that row (1 role, 1 legal move, terminal after it, goal 100) is
 *   checked here on the game as written.
 * - ticTacToe.kif, "scripted line ends terminal with goals [100, 0]": the
 *   column does not say which line; it is the one of GGP-Base's
 *   ProverStateMachineTest.testProverOnTicTacToe (x (mark 1 1), o (mark 1 3),
 *   x (mark 3 1), o (mark 2 2), x (mark 2 1)), written out in SCRIPTS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStateMachine, type CreatedStateMachine, type Executor } from '../../src/gdl/machine/statemachine.js';
import type { GameState } from '../../src/gdl/machine/types.js';
import { loadProgram } from '../../src/program/load.js';
import { sharedPresent } from '../helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const tsv = path.join(shared, 'EXPECTED-ggp-base-tests.tsv');
const present = sharedPresent(tsv, 'the GGP-Base test game expectations');

/** Joint moves (role order) of the scripted lines the column refers to. */
const SCRIPTS: Record<string, string[][]> = {
  'games/test/ticTacToe.kif': [
    ['(mark 1 1)', 'noop'],
    ['noop', '(mark 1 3)'],
    ['(mark 3 1)', 'noop'],
    ['noop', '(mark 2 2)'],
    ['(mark 2 1)', 'noop'],
  ],
};

/** Clauses deliberately not interpreted (see the module comment). */
const NOT_INTERPRETED = ['after GdlCleaner.run: StaticValidator passes'];

interface Row {
  file: string;
  expectation: string;
}

function rows(): Row[] {
  const lines = readFileSync(tsv, 'utf8').split('\n').filter((l) => l.trim() !== '');
  return lines.slice(1).map((line) => {
    const cols = line.split('\t');
    return { file: cols[0] as string, expectation: (cols[cols.length - 1] ?? '').trim() };
  });
}

/** Split on ';' and ',' that are not inside (), [] or {}. */
function clauses(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    if ((ch === ';' || ch === ',') && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

/** Runs clauses against one state machine. */
class Checker {
  readonly init: GameState;
  /** The move the last clause named (played by "terminal after it" and followed by "goal N"). */
  private move: string | undefined;
  private after: GameState | undefined;
  readonly checked: string[] = [];

  constructor(
    readonly sm: CreatedStateMachine,
    readonly file: string,
  ) {
    this.init = sm.initialState();
  }

  private roleIndex(name: string | undefined): number {
    if (name === undefined) return 0;
    const r = this.sm.roles.findIndex((id) => this.sm.print(id) === name);
    expect(r, `${this.file}: role ${name}`).toBeGreaterThanOrEqual(0);
    return r;
  }

  private legal(state: GameState, role = 0): string[] {
    return this.sm.legalMoves(state, role).map((m) => this.sm.print(m));
  }

  /** Play `text` (a one-role game, or every other role's only move) from the initial state. */
  private play(text: string): GameState {
    const moves = this.sm.roles.map((_, r) => {
      const legal = this.sm.legalMoves(this.init, r);
      const id = legal.find((m) => this.sm.print(m) === text) ?? (legal.length === 1 ? legal[0] : undefined);
      expect(id, `${this.file}: ${text} is legal at the initial state`).toBeDefined();
      return id as number;
    });
    this.after = this.sm.nextState(this.init, moves);
    return this.after;
  }

  private at(): GameState {
    return this.after ?? this.init;
  }

  /** Check one clause; false when no pattern matches it. */
  check(clause: string): boolean {
    const where = `${this.file}: ${clause}`;
    const quoted = (s: string) => s.replace(/^'(.*)'$/, '$1');
    let m: RegExpMatchArray | null;
    if (/^init not terminal$/.test(clause)) {
      expect(this.sm.isTerminal(this.init), where).toBe(false);
    } else if ((m = clause.match(/^goal\((\w+)\)=(\d+) before and after move '(.+)'$/))) {
      const r = this.roleIndex(m[1]);
      expect(this.sm.goals(this.init)[r], where).toEqual([Number(m[2])]);
      expect(this.sm.goals(this.play(m[3] as string))[r], where).toEqual([Number(m[2])]);
    } else if ((m = clause.match(/^terminal after '(.+)'$/))) {
      expect(this.sm.isTerminal(this.play(m[1] as string)), where).toBe(true);
    } else if ((m = clause.match(/^after '(.+)' terminal$/))) {
      expect(this.sm.isTerminal(this.play(m[1] as string)), where).toBe(true);
    } else if ((m = clause.match(/^(\d+) legal moves?(?: ('.+'))?(?: for (\w+))?$/))) {
      const legal = this.legal(this.init, this.roleIndex(m[3]));
      expect(legal, where).toHaveLength(Number(m[1]));
      if (m[2]) {
        this.move = quoted(m[2]);
        expect(legal, where).toEqual([this.move]);
      } else if (legal.length === 1) this.move = legal[0];
    } else if ((m = clause.match(/^terminal after(?: it)?$/))) {
      expect(this.move, `${where}: which move`).toBeDefined();
      expect(this.sm.isTerminal(this.play(this.move as string)), where).toBe(true);
    } else if ((m = clause.match(/^goal (\d+)$/))) {
      expect(this.sm.goals(this.at())[0], where).toEqual([Number(m[1])]);
    } else if ((m = clause.match(/^exactly (\d+) legal moves \{(.+)\}$/))) {
      const want = (m[2] as string).split(',').flatMap((item) => {
        const range = item.trim().match(/^(.*) (\d+)\.\.(\d+)$/);
        if (!range) return [`(${item.trim()})`];
        const out: string[] = [];
        for (let i = Number(range[2]); i <= Number(range[3]); i++) out.push(`(${range[1]} ${i})`);
        return out;
      });
      expect(want, where).toHaveLength(Number(m[1]));
      expect([...this.legal(this.init)].sort(), where).toEqual([...want].sort());
    } else if ((m = clause.match(/^(\d+) roles?$/))) {
      expect(this.sm.roles, where).toHaveLength(Number(m[1]));
    } else if ((m = clause.match(/^roles \[(.+)\]$/))) {
      expect(this.sm.roles.map((r) => this.sm.print(r)), where).toEqual((m[1] as string).split(',').map((s) => s.trim()));
    } else if ((m = clause.match(/^(\d+) joint moves at init$/))) {
      const n = this.sm.roles.reduce((acc, _, r) => acc * this.sm.legalMoves(this.init, r).length, 1);
      expect(n, where).toBe(Number(m[1]));
    } else if ((m = clause.match(/^scripted line ends terminal with goals \[(.+)\]$/))) {
      const script = SCRIPTS[this.file];
      expect(script, `${where}: a script`).toBeDefined();
      let state = this.init;
      for (const joint of script as string[][]) {
        expect(this.sm.isTerminal(state), where).toBe(false);
        const ids = joint.map((text, r) => {
          const id = this.sm.legalMoves(state, r).find((x) => this.sm.print(x) === text);
          expect(id, `${where}: ${text} legal`).toBeDefined();
          return id as number;
        });
        state = this.sm.nextState(state, ids);
      }
      expect(this.sm.isTerminal(state), where).toBe(true);
      expect(this.sm.goals(state), where).toEqual((m[1] as string).split(',').map((s) => [Number(s.trim())]));
    } else return false;
    this.checked.push(clause);
    return true;
  }
}

describe.skipIf(!present)('GGP-Base test games: expectations of EXPECTED-ggp-base-tests.tsv', () => {
  const all = present ? rows() : [];
  const stated = all.filter((r) => r.expectation !== '');

  it('the file lists the test games, ten with state machine expectations', () => {
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(stated.length).toBeGreaterThanOrEqual(10);
  });

  describe.each<Executor>(['engine', 'compiled'])('%s executor', (executor) => {
    it.each(stated.map((r) => [r.file, r] as const))('%s', (_file, row) => {
      const text = readFileSync(path.join(shared, 'ggp-org+ggp-base', row.file), 'utf8');
      const sm = createStateMachine(loadProgram([{ text, file: row.file }], { builtins: false }), { executor });
      expect(sm.executor).toBe(executor);
      const checker = new Checker(sm, row.file);
      const unknown = clauses(row.expectation).filter((c) => !checker.check(c));
      expect(unknown.filter((c) => !NOT_INTERPRETED.includes(c))).toEqual([]);
      expect(checker.checked.length).toBeGreaterThan(0);
    });
  });
});
