/**
 * Issue 25 item 4: "every role has a legal move in every reachable
 * non-terminal state" is proved by an exhaustive search (no note), reported
 * with a witness when it fails (the `legal` error), and otherwise reported as
 * a note, "checked up to N states", in the result, the text report and --json.
 */
import { describe, expect, it } from 'vitest';
import { validateGame, validationToJson } from '../../src/gdl/validate/validate.js';
import { formatReport } from '../../src/cli/commands/validate.js';

/** One role counting from 0 to `end`; `go` is legal everywhere (or, with `gap`, not in state `gap`). */
function counter(end: number, gap?: number): string {
  const lines = ['(role p) (init (c 0))'];
  for (let i = 0; i < end; i++) lines.push(`(succ ${i} ${i + 1})`);
  lines.push(gap === undefined ? '(<= (legal p go) (true (c ?_x)))' : `(<= (legal p go) (true (c ?x)) (distinct ?x ${gap}))`);
  lines.push('(<= (next (c ?y)) (true (c ?x)) (succ ?x ?y))', `(<= terminal (true (c ${end})))`, '(goal p 100)');
  for (let i = 0; i <= end; i++) lines.push(`(base (c ${i}))`);
  lines.push('(input p go)');
  return lines.join('\n');
}

describe('the legal-move property: proved, a witness, or checked up to N states', () => {
  it('says nothing when the search is exhaustive (a proof)', () => {
    const r = validateGame(counter(20), { file: 'c.kif' });
    expect(r.ok).toBe(true);
    expect(r.stats.complete).toBe(true);
    expect(r.notes).toBeUndefined();
    expect(Object.keys(validationToJson(r))).toEqual(['format', 'file', 'ok', 'findings']);
  });

  it('notes how many states were checked when the search stopped at its budget', () => {
    const r = validateGame(counter(20), { file: 'c.kif', maxStates: 5, playouts: 3, seed: 7 });
    expect(r.ok).toBe(true);
    expect(r.stats.complete).toBe(false);
    expect(r.findings.filter((f) => f.code === 'legal')).toEqual([]);
    const note = r.notes?.[0];
    expect(r.notes).toHaveLength(1);
    expect(note?.check).toBe('legal');
    // Every playout passes the 20 non-terminal states 0..19; the search expanded at most its 5 states.
    const searched = (note?.states ?? 0) - 3 * 20;
    expect(searched).toBeGreaterThanOrEqual(1);
    expect(searched).toBeLessThanOrEqual(5);
    expect(note?.message).toContain(`${searched} expanded by the search and 60 along 3 random playouts (seed 7)`);
    expect(note?.message).toContain(`checked up to ${note?.states} states, not proved`);
    expect(note?.message).toContain('budget of 5 states');
    const json = validationToJson(r);
    expect(json.notes).toEqual([{ check: 'legal', severity: 'note', message: note?.message, states: note?.states }]);
    const text = formatReport(r, counter(20)).split('\n');
    expect(text[1]).toBe(`c.kif: note[legal]: ${note?.message}`);
  });

  it('reports a role without a legal move as an error with the history that reaches it, and no note', () => {
    const r = validateGame(counter(20, 12), { file: 'c.kif', maxStates: 5, playouts: 3, seed: 7 });
    expect(r.ok).toBe(false);
    const legal = r.findings.filter((f) => f.code === 'legal');
    expect(legal).toHaveLength(1);
    expect(legal[0]?.severity).toBe('error');
    expect(legal[0]?.message).toBe('p has no legal move in a non-terminal state reached after 12 joint moves');
    expect(legal[0]?.witness).toEqual(Array.from({ length: 12 }, () => ['go']));
    expect(r.notes).toBeUndefined();
  });
});
