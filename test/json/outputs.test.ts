/**
 * Every --json output of every command over the bundled examples (rules/,
 * games/, docs/examples/) conforms to the schema its "format" names
 * (schemas/, checked with ajv), and each kind is seen at least once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_FORMATS } from '../../src/json/formats.js';
import { parseBlueprints } from '../../src/api/checked.js';
import { runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';
import { outputErrors } from './schemas.js';

const seen = new Set<string>();

/** Run gramlog ARGS; every stdout line must conform; returns the lines (none when the files do not load). */
async function conforming(args: string[]): Promise<string[]> {
  const r = await runCli(args);
  expect(r.code, `gramlog ${args.join(' ')}: ${r.stderr}`).not.toBe(3);
  const lines = r.stdout.split('\n').filter((l) => l !== '');
  // a file that does not load (the bundled broken examples) prints its errors on stderr and no JSON
  if (lines.length === 0) expect(r.code, `gramlog ${args.join(' ')} printed nothing and exited 0`).not.toBe(0);
  for (const line of lines) {
    expect(outputErrors(line), `gramlog ${args.join(' ')}: ${line.slice(0, 300)}`).toEqual([]);
    seen.add((JSON.parse(line) as { format: string }).format);
  }
  return lines;
}

const files = (dir: string, ext: RegExp) => readdirSync(join(repoRoot, dir)).filter((f) => ext.test(f)).sort().map((f) => `${dir}/${f}`);
const generators = [...files('rules', /\.(gdl|json)$/), ...files('docs/examples', /\.(gdl|json)$/)];
const libraries = [...files('rules', /\.bp$/), ...files('docs/examples', /\.bp$/)];
const games = [...files('games', /\.kif$/), ...files('games/broken', /\.kif$/), ...files('docs/examples', /\.kif$/)];
const ruleFiles = files('rules', /\.kif$/);

describe('every --json output conforms to its schema', () => {
  for (const file of generators) {
    it(`generate, analyze and check ${file}`, async () => {
      await conforming(['generate', file, '--seed', '1', '--count', '3', '--json']);
      await conforming(['analyze', file, '--json']);
      await conforming(['check', file, '--runs', '3', '--json']);
    }, 60_000);
  }

  for (const file of libraries) {
    it(`master, generate, analyze and check ${file}`, async () => {
      const names = [...parseBlueprints(readFileSync(join(repoRoot, file), 'utf8'), { file }).definitions.keys()].slice(0, 8);
      for (const name of names) await conforming(['master', file, name, '--seed', '1', '--count', '2', '--json']);
      const name = names.find((n) => !n.startsWith('{')) as string;
      await conforming(['generate', file, '--blueprint', name, '--seed', '2', '--json']);
      await conforming(['analyze', file, '--json']);
      await conforming(['check', file, '--blueprint', name, '--runs', '3', '--json']);
    }, 60_000);
  }

  it('a blueprint feeding a generator adds typed params', async () => {
    const [line] = await conforming(['generate', 'rules/dungeon.gdl', '--blueprint', 'rules/items.bp:IceDungeon', '--seed', '3', '--json']);
    const o = JSON.parse(line as string) as { params: Record<string, unknown> };
    expect(Object.keys(JSON.parse(line as string))).toEqual(['format', 'seed', 'params', 'root']);
    expect(typeof o.params['minsplit']).toBe('number');
  });

  it('violations and counterexamples', async () => {
    await conforming(['check', 'rules/check-broken.gdl', '--json']);
    await conforming(['check', 'docs/examples/quest-checked.gdl', '--json']);
    await conforming(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'MagicalWeapon', '--seed', '1', '--json']);
    await conforming(['master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--seed', '16', '--json']);
    await conforming(['check', 'rules/mission.json', 'rules/mission-checks.gdl', '--runs', '20', '--json']);
  }, 60_000);

  it('validate and simulate every bundled game', async () => {
    await conforming(['validate', ...games, '--json']);
    for (const game of files('games', /\.kif$/)) await conforming(['simulate', game, '--playouts', '5', '--seed', '1', '--json']);
  }, 120_000);

  it('query every rule file, with and without goals, and --edn', async () => {
    for (const file of ruleFiles) await conforming(['query', file, '--json']);
    const [line] = await conforming(['query', 'rules/family.kif', '--goal', '(sibling ?x ?y)', '--goal', '(parent frank ?c)', '--json']);
    expect(JSON.parse(line as string)).toEqual({
      format: 'query/2',
      goals: ['(sibling ?x ?y)', '(parent frank ?c)'],
      facts: ['(sibling carol dave)', '(sibling dave carol)', '(parent frank dave)'],
    });
    await conforming(['query', 'rules/items.bp', '--goal', '(keyword Pike weapon ?k)', '--json']);
    await conforming(['query', 'rules/family.kif', '--edn', '[:find ?x ?y :where [?f "rel" "sibling"] [?f "arg0" ?x] [?f "arg1" ?y]]', '--json']);
  });

  afterAll(() => {
    // every output kind was printed by some command above
    expect([...seen].sort()).toEqual(Object.entries(JSON_FORMATS).map(([k, v]) => `${k}/${v}`).sort());
  });
});
