// The README's "Blueprints" section: every `$ npx gramlog ...` example prints
// exactly what the README shows, and the API example gives what it says.
import { describe, expect, test } from 'vitest';
import { master, parseBlueprints } from '../../../src/api/checked.js';
import { runCli } from '../../cli/fake-io.js';
import { readRepoFile } from '../../helpers.js';

const readme = readRepoFile('docs/guides/blueprints.md');
const start = readme.indexOf('# Blueprints: `gramlog master`');
const section = readme;

/** Words of a command line: spaces separate, single quotes group. */
function words(line: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1] ?? (m[2] as string));
  return out;
}

const examples = [...section.matchAll(/```console\n\$ gramlog (.*)\n([\s\S]*?)```/g)].map((m) => ({ command: m[1] as string, output: m[2] as string }));

describe('README: Blueprints', () => {
  test('the section has its examples', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(examples.length).toBeGreaterThanOrEqual(5);
  });
  for (const { command, output } of examples) {
    test(`gramlog ${command}`, async () => {
      const r = await runCli(words(command));
      expect(r.stdout).toBe(output);
      expect(r.code).toBe(/violations \(|error\(s\)/.test(output) && !/^0 error/m.test(output) ? 1 : 0);
    });
  }
  test('the API example', () => {
    const library = parseBlueprints(readRepoFile('rules/items.bp'), { file: 'items.bp' });
    expect(master(library, 'Spear', { seed: 4 })).toMatchObject({ seed: 4, blueprint: 'Spear', properties: { name: 'Spear', damage: 5 } });
    expect(master(library, '{MagicalWeapon}', { seed: 4 })).toMatchObject({ seed: 4, blueprint: 'Warhammer', factory: 'MagicalWeapon' });
  });
});
