/**
 * `--json` is exactly one JSON value per line in every command and every
 * style, on success and on findings alike (issue 11: analyze, check and layer
 * generate used to pretty-print over many lines).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './fake-io.js';

/** Each invocation and how many JSON values it prints. */
const INVOCATIONS: Array<[string[], number]> = [
  [['query', 'rules/family.kif', '--goal', '(parent ?x ?y)'], 1],
  [['validate', 'games/nim.kif'], 1],
  [['validate', 'games/broken/bad-arity.kif', 'games/nim.kif'], 2],
  [['simulate', 'games/nim.kif', '--playouts', '2'], 1],
  [['generate', 'rules/tree.gdl', '--count', '3'], 3],
  [['generate', 'rules/building.gdl', '--count', '2'], 2],
  [['generate', 'rules/mission.json', '--count', '2'], 2],
  [['generate', 'rules/mission.gdl', '--count', '2'], 2],
  [['analyze', 'rules/building.gdl'], 1],
  [['analyze', 'rules/building-incomplete.gdl'], 1],
  [['analyze', 'rules/items.bp'], 1],
  [['analyze', 'rules/items-typos.bp'], 1],
  [['check', 'rules/dungeon.gdl', '--runs', '3'], 1],
  [['check', 'rules/check-broken.gdl', '--runs', '30'], 1],
  [['master', 'rules/items.bp', 'Spear', '--count', '2'], 2],
];

describe('--json prints one JSON value per line', () => {
  for (const [argv, values] of INVOCATIONS) {
    it(argv.join(' '), async () => {
      const r = await runCli([...argv, '--json']);
      expect(r.code, r.stderr).toBeLessThan(2);
      const lines = r.stdout.split('\n');
      expect(lines.pop(), 'ends with a newline').toBe('');
      expect(lines).toHaveLength(values);
      for (const line of lines) expect(() => JSON.parse(line), line.slice(0, 80)).not.toThrow();
    });
  }
});
