import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/fake-io.js';
import { detectDialect, staticChecks } from '../../src/gdl/checks/static-checks.js';
import { rulesHaveNegativeCycle } from '../../src/gdl/checks/stratification.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { oneEditApart } from '../../src/gdl/checks/spelling.js';
import { validateGame } from '../../src/gdl/validate/validate.js';

const load = (text: string) => loadGame(text, 'g.kif');

/** A complete, correct little game; tests append or replace lines. */
const BASE = `(role robot)
(succ 0 1) (succ 1 2)
(init (step 0))
(<= (legal robot wait) (true (step ?_n)))
(<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
(<= terminal (true (step 2)))
(goal robot 100)
`;

function findings(text: string) {
  return staticChecks(load(text)).findings.map((f) => ({
    check: f.code,
    severity: f.severity,
    at: f.span ? `${f.span.line}:${f.span.column}` : '',
    message: f.message,
  }));
}

const brief = (text: string) => findings(text).map((f) => `${f.severity} ${f.check} ${f.at}`.trim());

describe('static checks', () => {
  it('finds nothing in a correct game', () => {
    expect(findings(BASE)).toEqual([]);
  });

  it('reports (<= p (not p)) as a stratification error', () => {
    const f = findings(BASE + '(<= p (not p))\n');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ check: 'stratification', severity: 'error', at: '8:1' });
    expect(f[0]?.message).toContain('p/0 depends on (not p/0)');
  });

  it('keeps a rule-by-rule stratified program a warning, and a real negative cycle an error', () => {
    const local = BASE.replace('(goal robot 100)', '(<= (goal robot 0) (true (step 1)))\n(<= (goal robot 100) (not (goal robot 0)))');
    expect(rulesHaveNegativeCycle(load(local))).toBe(false);
    expect(brief(local)).toEqual(['warning stratification 8:1']);
    const real = BASE + '(<= (q ?x) (succ ?x ?y) (not (q ?y)))\n';
    expect(rulesHaveNegativeCycle(load(real))).toBe(true);
    expect(brief(real)).toEqual(['error stratification 8:1']);
  });

  it('reports keyword arities', () => {
    expect(brief(BASE + '(<= (legal robot wait now) (true (step 0)))\n')).toEqual(['error arity 8:6']);
    expect(brief(BASE + '(<= (goal robot) (true (step 0)))\n')).toEqual(['error arity 8:6']);
    expect(brief(BASE.replace('(role robot)', '(role robot)\n(input robot)'))).toEqual(['error arity 2:2']);
  });

  it('reports keywords where GDL forbids them', () => {
    expect(brief(BASE + '(<= (true (step 1)) (true (step 0)))\n')).toEqual(['error keywords 8:6']);
    expect(brief(BASE + '(does robot wait)\n')).toEqual(['error keywords 8:2']);
    expect(brief(BASE + '(<= (role judge) (true (step 0)))\n')).toEqual(['error keywords 8:6']);
    expect(brief(BASE + '(<= p (init (step 0)))\n(<= (goal robot 0) p)\n')).toEqual(['error keywords 8:8']);
    expect(brief(BASE + '(<= p (base (step 0)))\n(<= (goal robot 0) p)\n(base (step 0))\n')).toEqual(['error keywords 8:8']);
    expect(brief(BASE + '(init (legal robot wait))\n')).toEqual(['error keywords 8:8']);
  });

  it('reports dependency restrictions with the chain of relations', () => {
    const f = findings(BASE + '(<= waited (does robot wait))\n(<= terminal waited)\n');
    expect(f.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error dependency 8:12']);
    expect(f[0]?.message).toContain('terminal/0 → waited/0 → does/2');
    expect(brief(BASE + '(<= (base (step ?n)) (true (step ?n)))\n')).toEqual(['error dependency 8:22']);
  });

  it('applies the recursion restriction per rule and per disjunct', () => {
    const bad = findings(BASE + '(num zero)\n(<= (num (s ?n)) (num ?n))\n');
    expect(bad.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error recursion 9:18']);
    expect(bad[0]?.message).toContain('(num (s ?n))');
    expect(bad[0]?.message).toContain('(num ?n)');
    // The letter broken but not the purpose (the variable is bound inside a term of true): a warning.
    const lenient = findings(BASE + '(<= (reach ?x) (true (step ?x)))\n(<= (reach ?y) (true (link ?x ?y)) (reach ?x))\n(init (link 0 1))\n');
    expect(lenient.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['warning recursion 9:36']);
    expect(lenient[0]?.message).toContain('so the relation stays finite');
    // Ordinary recursion through a non-recursive relation is fine.
    expect(brief(BASE + '(edge a b) (edge b c)\n(<= (reach ?x ?y) (edge ?x ?y))\n(<= (reach ?x ?y) (edge ?x ?z) (reach ?z ?y))\n')).toEqual([]);
    // An argument bound only inside one disjunct does not help the other.
    expect(brief(BASE + '(edge a b)\n(<= (reach ?x ?y) (edge ?x ?y))\n(<= (reach ?x ?y) (or (edge ?x ?z) (true (at ?w))) (reach ?z ?y))\n')).toContain(
      'error recursion 10:52',
    );
  });

  it('reports missing role, legal, terminal and goal as errors without a place, and does not crash', () => {
    expect(brief('(init (step 0))\n')).toEqual(['error roles', 'error legal', 'error terminal', 'error goals']);
    expect(brief('')).toEqual(['error roles', 'error legal', 'error terminal', 'error goals']);
  });

  it('reports a relation or a function used with two arities as an error, as the GDL specification and GGP-Base do', () => {
    // gdl-perf's invalidGames.csv: closingMill (Nine Men's Morris) with 5 and 3 arguments, the function operation with 1 and 2
    const rel = findings(BASE + '(mill a b c)\n(<= (goal robot 0) (true (step 1)) (mill a b c d e))\n');
    expect(rel.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error arity 8:2', 'warning undefined 9:36']);
    expect(rel[0]?.message).toBe(
      `'mill' is used with 2 different arities (3, 5): the GDL specification fixes one arity for each relation constant, and GGP-Base rejects the game ("appears with two different arities"); gramlog would read each arity as a separate relation`,
    );
    const fn = findings(BASE + '(pair (f a))\n(pair (f a b))\n');
    expect(fn.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error arity 9:8']);
    expect(fn[0]?.message).toContain("function symbol 'f' is used with 2 different arities (1, 2): the GDL specification fixes one arity for each function constant");
  });

  it('warns about capitalisation, undefined relations, empty rules and odd negation', () => {
    expect(brief(BASE + '(alias Robot robot)\n')).toEqual(['warning case 8:8']);
    expect(brief(BASE + '(<= (LEGAL robot wait) (true (step 0)))\n')).toEqual(['warning case 8:6']);
    expect(brief(BASE + '(<= (goal robot 0) (true (step 1)) (blocked robot))\n')).toEqual(['warning undefined 8:36']);
    expect(brief(BASE + '(<= ready)\n')).toEqual(['warning rules 8:1']);
    expect(brief(BASE + '(<= (goal robot 0) (true (step ?n)) (not (distinct ?n 1)))\n')).toEqual(['warning negation 8:37']);
  });

  it('recognises GDL-II (sees, random) and validates it as GDL-II', () => {
    const gdl2 = `(role random) (role guesser)
(coin heads) (coin tails)
(init (phase 0))
(<= (legal random (toss ?c)) (true (phase 0)) (coin ?c))
(<= (legal random noop) (true (phase 1)))
(<= (legal guesser noop) (true (phase 0)))
(<= (legal guesser (guess ?c)) (true (phase 1)) (coin ?c))
(<= (sees guesser tossed) (does random (toss ?_c)))
(<= (next (coin ?c)) (does random (toss ?c)))
(<= (next (coin ?c)) (true (coin ?c)))
(<= (next (phase 1)) (true (phase 0)))
(<= (next done) (true (phase 1)))
(<= terminal (true done))
(goal guesser 100)
`;
    const program = load(gdl2);
    expect(detectDialect(program)).toBe('GDL-II');
    expect(staticChecks(program).findings).toEqual([]);
    expect(brief(gdl2 + '(<= (goal guesser 0) (sees guesser tossed))\n')).toEqual(['error keywords 15:23', 'error dependency 8:27']);
    expect(brief(gdl2 + '(<= (sees guesser tossed now) (does random noop))\n')).toEqual(['error arity 15:6']);
    expect(detectDialect(load(BASE))).toBe('GDL');
  });

  it('treats + and < as ordinary relation names in GDL', () => {
    expect(brief(BASE + '(+ 1 1 2)\n(<= (goal robot 0) (+ 1 1 ?x) (< ?x 3))\n(< 2 3)\n')).toEqual([]);
  });

  it('warns about a misspelt keyword that nothing else uses, first, without a second undefined warning', () => {
    expect(brief(BASE + '(<= (legl robot go) (true (step 1)))\n')).toEqual(['warning spelling 8:6']);
    const f = findings(BASE + '(<= (legl robot go) (true (step 1)))\n');
    expect(f[0]?.message).toContain("'legl'");
    expect(f[0]?.message).toContain("did you mean 'legal'?");
    // Read but never defined: the spelling warning replaces the undefined one.
    expect(brief(BASE + '(<= (goal robot 0) (tru (step 1)))\n')).toEqual(['warning spelling 8:21']);
    expect(brief(BASE + '(<= (goal robot 0) (true (step 1)) (dose robot wait))\n')).toEqual(['warning spelling 8:37']);
    // A name the game defines and reads is its own relation.
    expect(brief(BASE + '(<= goals (true (step 1)))\n(<= (goal robot 0) goals)\n')).toEqual([]);
    // The only legal rule misspelt: the spelling warning comes before the error it causes.
    const only = findings(BASE.replace('(<= (legal robot wait)', '(<= (legl robot wait)'));
    expect(only.map((x) => `${x.severity} ${x.check}`)).toEqual(['warning spelling', 'error legal']);
    const validated = validateGame(BASE.replace('(<= (legal robot wait)', '(<= (legl robot wait)'), { file: 'g.kif' });
    expect(validated.findings.map((x) => x.code)).toEqual(['spelling', 'legal']);
  });

  it('reports the misspelt keyword before the findings of playing the game', () => {
    // The move that ends the game is in a misspelt rule: no terminal state is reachable.
    const game = BASE.replace('(<= (legal robot wait) (true (step ?_n)))', '(<= (legal robot wait) (true (step 0)))\n(<= (legl robot wait) (true (step 1)))');
    const r = validateGame(game, { file: 'g.kif' });
    expect(r.findings[0]).toMatchObject({ code: 'spelling', severity: 'warning', span: { line: 5, column: 6 } });
    // ... before "no terminal state is reachable" (line 7), which it causes.
    expect(r.findings.slice(1).map((x) => `${x.severity} ${x.code}`)).toContain('error terminal');
    expect(r.findings[1]).toMatchObject({ code: 'terminal', span: { line: 7 } });
  });

  it('one edit: insertion, deletion, substitution, swapped neighbours', () => {
    expect(['legl', 'legall', 'lega1', 'elgal', 'legla'].map((x) => oneEditApart(x, 'legal'))).toEqual([true, true, true, true, true]);
    expect(['legal', 'lgl', 'glael', 'goal'].map((x) => oneEditApart(x, 'legal'))).toEqual([false, false, false, false]);
  });

  it('does not bury a rule defining true under the recursion findings it causes', () => {
    const f = findings(BASE + '(num zero)\n(<= (true (step ?m)) (true (step ?n)) (succ ?n ?m))\n(<= (true (count (s ?n))) (true (count ?n)))\n');
    expect(f.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error keywords 9:6', 'error keywords 10:6']);
    // Nor under the cycle through negation it makes.
    expect(brief(BASE + '(<= (true lit) (not (true dark)))\n')).toEqual(['error keywords 8:6']);
    // Recursion unrelated to true is still judged.
    expect(brief(BASE + '(<= (true (step 1)) (true (step 0)))\n(num zero)\n(<= (num (s ?n)) (num ?n))\n')).toEqual([
      'error keywords 8:6',
      'error recursion 10:18',
    ]);
  });

  it('warns at (p) when p is also written without parentheses', () => {
    const game = BASE + '(<= (open2) (true (step 1)))\n(<= (goal robot 0) open2)\n';
    const f = findings(game);
    expect(f.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['warning parentheses 8:5']);
    expect(f[0]?.message).toContain("GGP-Base's prover reads '(open2)' as a function with no arguments");
    // Bare everywhere: nothing to say.
    expect(brief(BASE + '(<= open2 (true (step 1)))\n(<= (goal robot 0) open2)\n')).toEqual([]);
  });

  it('warns at (p) written in parentheses everywhere, (terminal) included: GGP-Base rejects it', () => {
    const f = findings(BASE + '(<= (open2) (true (step 1)))\n(<= (goal robot 0) (open2))\n');
    expect(f.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['warning parentheses 8:5']);
    expect(f[0]?.message).toBe(
      `'(open2)' is a relation with no arguments written in parentheses here (and 1 more time): gramlog reads it as 'open2', but the GDL specification writes a name without arguments bare (a proposition) and GGP-Base's validator rejects '(open2)' ("zero-arity relation"); write 'open2'`,
    );
    expect(brief(BASE.replace('(<= terminal', '(<= (terminal)'))).toEqual(['warning parentheses 6:5']);
  });

  it('warns at a function term with no arguments, saying where the constant it never matches is', () => {
    const mixed = findings(BASE + '(<= (next (over)) (true (step 1)))\n(<= (goal robot 0) (true over))\n');
    expect(mixed.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['warning parentheses 8:11']);
    expect(mixed[0]?.message).toContain(`'(over)' is a function term with no arguments here, and 'over' at line 9 is a constant: gramlog (like GGP-Base's prover) keeps them apart, so the two never match`);
    const only = findings(BASE + '(<= (next (over)) (true (step 1)))\n(<= (goal robot 0) (true (over)))\n');
    expect(only.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['warning parentheses 8:11']);
    expect(only[0]?.message).toContain('(and 1 more time)');
    expect(only[0]?.message).toContain('("zero-arity function")');
  });

  it('accepts (or) with a warning: it is false', () => {
    expect(brief(BASE + '(<= (goal robot 0) (true (step 1)) (or))\n')).toEqual(['warning empty-or 8:36']);
  });

  it('a fluent no init/next/base makes and a move no legal/input names: an error when one edit from a made one, else a warning', () => {
    const f = findings(BASE + '(<= (goal robot 0) (true (stp 1)))\n(<= (goal robot 50) (true (step 1 2)))\n(<= (next (step 2)) (does robot wiat))\n(<= (goal robot 20) (true (lamp 1)))\n');
    expect(f.map((x) => `${x.severity} ${x.check} ${x.at}`)).toEqual(['error arity 9:28', 'error fluent-typo 8:26', 'warning fluents 9:27', 'warning fluents 11:27', 'error fluent-typo 10:33']);
    expect(f[1]?.message).toBe("(true (stp 1)) reads the fluent stp/1, which the game never makes, so it is never true: did you mean 'step'? (if stp is meant, declare it with (base (stp ...)))");
    expect(f[2]?.message).toBe('(true (step 1 2)) reads the fluent step/2, which is never true: the game makes step only as step/1');
    expect(f[4]?.message).toBe("(does robot wiat) reads the move wiat/0, which the game never makes, so it is never played: did you mean 'wait'? (if wiat is meant, declare it with (input ROLE wiat))");
    expect(f[3]?.message).toBe('(true (lamp 1)) reads the fluent lamp/1, which is never true: no init, next or base makes one');
    // declaring it says it is meant: no finding
    expect(brief(BASE + '(base (stp 1))\n(<= (goal robot 0) (true (stp 1)))\n')).not.toContain('error fluent-typo 9:26');
    // a fluent made from a bare variable could be anything: no finding
    expect(brief(BASE + '(<= (init ?x) (seed ?x)) (seed (lamp on))\n(<= (goal robot 0) (true (lamp on)))\n')).not.toContain('warning fluents 9:26');
    // every bundled game is clean
    for (const g of ['maze', 'nim', 'race', 'tictactoe']) {
      const file = `games/${g}.kif`;
      expect(staticChecks(load(readFileSync(join(repoRoot, file), 'utf8'))).findings.filter((x) => x.code === 'fluents'), file).toEqual([]);
    }
  });
});
