/**
 * generate, check and analyze take any style (issue 19, item 8): a blueprint
 * library is generated (mastered) by `generate FILE.bp --blueprint NAME`, as
 * `gramlog master` does; options a style does not take are usage errors
 * naming the style.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './fake-io.js';

describe('generate on a blueprint library', () => {
  it('masters NAME as gramlog master does, in text and JSON', async () => {
    for (const json of [[], ['--json']]) {
      const g = await runCli(['generate', 'rules/items.bp', '--blueprint', 'Spear', '--seed', '4', '--count', '2', ...json]);
      const m = await runCli(['master', 'rules/items.bp', 'Spear', '--seed', '4', '--count', '2', ...json]);
      expect(g.code).toBe(0);
      expect(g.stdout).toBe(m.stdout);
    }
  });

  it('says what is missing or does not apply (usage errors, exit 2)', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['generate', 'rules/items.bp'], /a blueprint library needs --blueprint NAME/],
      [['generate', 'rules/items.bp', '--blueprint', 'Nope'], /Nope/],
      [['generate', 'rules/items.bp', '--blueprint', 'Spear', '--param', 'x=1'], /--param does not apply to a blueprint library/],
      [['generate', 'rules/items.bp', '--blueprint', 'Spear', '--explain'], /a blueprint library has no explanation/],
      [['generate', 'rules/items.bp', '--blueprint', 'Spear', '--format', 'dot'], /a blueprint library prints text or json, not dot/],
      [['generate', 'rules/mission.json', '--choose', 'n=x'], /--choose on a graph grammar takes PATH#N=INDEX/],
      [['generate', 'rules/tree.gdl', '--graph', 'rules/mission.json'], /--graph starts a graph grammar, and rules\/tree\.gdl is not one/],
      [['generate', 'rules/mission.json', '--blueprint', 'rules/items.bp:Spear'], /and rules\/mission\.json is a graph grammar/],
      [['analyze', 'rules/items.bp', '--param', 'x=1'], /--param does not apply to a blueprint library/],
      [['analyze'], /give a generator FILE/],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
    }
  });
});
