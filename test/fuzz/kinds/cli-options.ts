/** Command-line options: every command with random options and values on the bundled examples. */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { pick } from './common.js';

const FILES: Record<string, string[]> = {
  query: ['rules/family.kif', 'rules/reachability.kif'],
  validate: ['games/nim.kif', 'games/race.kif'],
  simulate: ['games/nim.kif'],
  generate: ['rules/tree.gdl', 'rules/map.gdl', 'rules/mission.json', 'rules/mission.gdl'],
  analyze: ['rules/map.gdl', 'rules/mission.json', 'rules/items.bp'],
  check: ['rules/tree.gdl', 'rules/check-broken.gdl'],
  master: ['rules/items.bp'],
};
const OPTIONS = ['--seed', '-s', '--count', '-n', '--json', '--explain', '--format', '-f', '--param', '-p', '--max-facts', '--max-input', '--max-memory', '--goal', '-g', '--choose', '--runs', '--playouts', '--max-depth', '--max-states', '--solver-atoms', '--path', '--blueprint', '--graph', '--edn', '--count-only', '--emit-bases', '--executor', '--time-budget', '--help', '--bogus', '-', '--', '-x'];
const VALUES = ['0', '1', '3', '-1', '1e308', 'NaN', '', ' ', '2147483648', '99999999999999999999', '0x10', '1.5', 'abc', 'height=3', 'height=1e308', '__proto__=1', 'constructor.prototype.x=1', 'n/0=grow', 'text', 'json', 'dot', 'tiled', '64M', '1K', '0B', '999G', '(parent ?x ?y)', '(', '[:find ?e :where [?e "edge"]]', 'rules/items.bp:Spear', 'Spear', 'rules/mission.json'];

const arg = fc.oneof({ weight: 3, arbitrary: pick(OPTIONS) }, { weight: 2, arbitrary: pick(VALUES) });

export const cliOptionCases: fc.Arbitrary<CliCase> = fc
  .record({ command: pick(Object.keys(FILES)), fileIndex: fc.nat(), args: fc.array(arg, { maxLength: 6 }), extra: fc.array(fc.tuple(pick(OPTIONS), pick(VALUES)), { maxLength: 2 }) })
  .map(({ command, fileIndex, args, extra }) => {
    const files = FILES[command] as string[];
    const file = files[fileIndex % files.length] as string;
    const argv = [command, file, ...args, ...extra.flat()];
    // small budgets, so that a case stays fast whatever the options ask for
    const budget = command === 'validate' ? ['--max-states', '30', '--playouts', '2'] : command === 'simulate' ? ['-n', '2', '--max-depth', '30'] : command === 'check' ? ['-n', '2'] : [];
    // keep counts small: drop a huge --count / --runs value
    for (let i = 0; i < argv.length - 1; i++) if (['-n', '--count', '--runs', '--playouts', '--max-states'].includes(argv[i] as string) && Number(argv[i + 1]) > 5) argv[i + 1] = '3';
    return { kind: 'cli', argv: [...argv, ...budget], files: {} };
  });
