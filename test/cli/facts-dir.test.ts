import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRepoFile } from '../helpers.js';
import { runCli } from './fake-io.js';

const dir = mkdtempSync(join(tmpdir(), 'gramlog-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gramlog query --facts DIR', () => {
  it('prints what the rules guide shows for rules/routes.kif', async () => {
    const readme = readRepoFile('docs/guides/rules-and-queries.md');
    const block = /```console\n\$ gramlog (query rules\/routes\.kif[^\n]*)\n([\s\S]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    const argv = (block?.[1] as string).match(/'[^']*'|\S+/g)?.map((a) => a.replace(/^'|'$/g, '')) ?? [];
    const r = await runCli(argv);
    expect(r).toEqual({ code: 0, stdout: block?.[2], stderr: '' });
  });

  it('loads .tsv and .csv files of one directory, each as its relation', async () => {
    const d = join(dir, 'mixed');
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d);
    writeFileSync(join(d, 'flight.tsv'), 'a\tb\n');
    writeFileSync(join(d, 'city.csv'), 'a,"Big Town"\nb,Smallville\n');
    writeFileSync(join(d, 'notes.txt'), 'ignored');
    const r = await runCli(['query', 'rules/routes.kif', '--facts', d, '-g', '(reach ?x ?y)', '-g', '(city ?c ?n)']);
    expect(r.stdout).toBe('(reach a b)\n(city a "Big Town")\n(city b Smallville)\n');
    expect(r.code).toBe(0);
  });

  it('reports a wrong column count as file:line, exit 1', async () => {
    const d = join(dir, 'bad');
    mkdirSync(d);
    writeFileSync(join(d, 'flight.tsv'), 'a\tb\nb\tc\td\n');
    const r = await runCli(['query', 'rules/routes.kif', '--facts', d]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${join(d, 'flight.tsv')}:2:1: error[facts/columns]: expected 2 columns (flight/2), found 3`);
  });

  it('is a usage error (exit 2) when the directory is missing or holds no tables', async () => {
    const missing = await runCli(['query', 'rules/routes.kif', '--facts', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such directory');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const none = await runCli(['query', 'rules/routes.kif', '--facts', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no REL.tsv or REL.csv files');
  });
});
