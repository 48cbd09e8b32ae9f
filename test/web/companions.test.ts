/**
 * Companion rule files (checks that go with another example on the command
 * line, rules that need bulk facts) are marked in the playground's examples,
 * so the picker does not list them as examples of their own.
 */
import { describe, expect, it } from 'vitest';
import { collectExamples, companionOf } from '../../src/web/build.mjs';

describe('companion rule files', () => {
  it('marks exactly the bundled companions, each with the file it goes with', () => {
    const marked = Object.fromEntries(collectExamples().filter((e) => e.companionOf !== undefined).map((e) => [e.name, e.companionOf]));
    expect(marked).toEqual({
      'rules/items-rules.kif': 'rules/items.bp',
      'rules/loot-rules.gdl': 'rules/loot.bp',
      'rules/mission-checks.gdl': 'rules/mission.json',
      'rules/routes.kif': 'rules/routes-facts',
    });
  });

  it('reads the commands of the leading comment only, and skips option values', () => {
    expect(companionOf('b.gdl', '; gramlog check a.json b.gdl --runs 5\n(x)\n')).toBe('a.json');
    expect(companionOf('b.gdl', '; gramlog generate b.gdl --seed 3\n')).toBeUndefined();
    expect(companionOf('b.gdl', '(x)\n; gramlog check a.json b.gdl\n')).toBeUndefined();
    expect(companionOf('r.kif', '; gramlog query r.kif --facts dir --goal (x)\n')).toBe('dir');
  });
});
