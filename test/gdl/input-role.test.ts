/**
 * Issue 25 item 4: the first argument of `input` is a role, an error with a
 * location (decided by the corpus: no distinct game of ../shared/ggp-games
 * declares an input for a non-role). A constant is reported at the argument
 * by the static check; a rule that derives a non-role, at the rule, from the
 * exact static model; a role's input is no finding.
 */
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';

const GAME = '(role robot)\n(init on)\n(legal robot wait)\n(<= (next off) (true on))\n(<= terminal (true off))\n(goal robot 100)\n(base on) (base off)\n';

const roleArguments = (text: string) =>
  validateGame(text, { file: 'g.kif' }).findings.filter((f) => f.code === 'role-argument' || f.code === 'inputs');

describe('input for a non-role', () => {
  it('a role input is no finding', () => {
    expect(roleArguments(GAME + '(input robot wait)\n')).toEqual([]);
  });

  it('a constant that is no role: an error at the argument, with did you mean', () => {
    const found = roleArguments(GAME + '(input robot wait)\n(input robto wait)\n');
    expect(found.map((f) => `${f.severity} ${f.code} ${f.span?.line}:${f.span?.column}`)).toEqual(['error role-argument 9:8']);
    expect(found[0]?.message).toMatch(/robto is not a role.*did you mean 'robot'/);
  });

  it('a rule that derives a non-role: an error at the rule, naming the input', () => {
    const text = GAME + '(agent robot) (agent drone)\n(<= (input ?a wait) (agent ?a))\n';
    const r = validateGame(text, { file: 'g.kif' });
    expect(r.ok).toBe(false);
    const found = r.findings.filter((f) => f.code === 'role-argument' || f.code === 'inputs');
    expect(found.map((f) => `${f.severity} ${f.code} ${f.span?.line}:${f.span?.column}`)).toEqual(['error role-argument 9:1']);
    expect(found[0]?.message).toBe('the rules derive (input drone wait), but drone is not a role: the first argument of input must be a role (the roles are robot)');
    expect(found[0]?.sentence).toBe('(drone wait)');
  });
});
