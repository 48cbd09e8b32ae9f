/**
 * The corpus runner (`npm run corpus -- DIR`) on the repository's broken games
 * and on a made-up slow game, and the validator on a small sample of the
 * public corpus in ../shared (skipped when it is absent). The full corpus run
 * is `npm run corpus`, never a unit test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { sharedPresent } from '../helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const corpusJs = path.join(repoRoot, 'dist/cli/corpus.js');
const shared = path.resolve(repoRoot, '../shared');
const manifest = path.join(shared, 'ggp-games/MANIFEST.csv');

const work = mkdtempSync(path.join(tmpdir(), 'gramlog-corpus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runCorpus(args: string[]) {
  return spawnSync(process.execPath, [corpusJs, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
}

function readTable(file: string): Array<Record<string, string>> {
  const [head, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = (head as string).split('\t');
  return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [cols[i] as string, v])));
}

describe.skipIf(!existsSync(corpusJs))('npm run corpus (the built runner)', () => {
  it('gives every game a verdict and writes the table', () => {
    const dir = path.join(work, 'some');
    spawnSync('mkdir', ['-p', path.join(dir, 'nested')]);
    for (const f of ['missing-base.kif', 'no-bases.kif']) writeFileSync(path.join(dir, f), readFileSync(path.join(repoRoot, 'games/broken', f), 'utf8'));
    writeFileSync(path.join(dir, 'nested/syntax-error.gdl'), readFileSync(path.join(repoRoot, 'games/broken/syntax-error.kif'), 'utf8'));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a game\n');
    const out = path.join(work, 'some.tsv');
    const r = runCorpus([dir, '--out', out, '--jobs', '2', '--timeout', '60']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^3 files in [\d.]+ s: 1 ok, 2 with findings, 0 timeouts, 0 crashes/m);
    expect(r.stdout).toBe('');
    const rows = readTable(out);
    expect(rows.map((x) => x['file'])).toEqual([...rows.map((x) => x['file'])].sort());
    const byFile = new Map(rows.map((x) => [x['file'], x]));
    expect(byFile.get('missing-base.kif')).toMatchObject({ verdict: 'findings', errors: '1', 'findings by check': 'bases:1E', complete: 'yes' });
    expect(byFile.get('no-bases.kif')).toMatchObject({ verdict: 'ok', warnings: '1', 'findings by check': 'bases:1W' });
    expect(byFile.get('nested/syntax-error.gdl')).toMatchObject({ verdict: 'findings', 'findings by check': 'syntax:1E' });
  });

  it('stops a file at the time limit with the verdict timeout, and goes on', () => {
    const dir = path.join(work, 'slow');
    spawnSync('mkdir', ['-p', dir]);
    // 300,000 facts to parse before anything else (evaluation has its own budget, parsing has none):
    // several seconds of work even on a fast machine.
    const nums = Array.from({ length: 300_000 }, (_, i) => `(num ${i})`).join('\n');
    writeFileSync(path.join(dir, 'slow.kif'), `(role r)\n${nums}\n(init s) (legal r go) (<= terminal (true s)) (goal r 100)\n`);
    writeFileSync(path.join(dir, 'quick.kif'), readFileSync(path.join(repoRoot, 'games/broken/missing-base.kif'), 'utf8'));
    const out = path.join(work, 'slow.md');
    const r = runCorpus([dir, '--out', out, '--timeout', '2', '--jobs', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/2 files in [\d.]+ s: 0 ok, 1 with findings, 1 timeouts, 0 crashes/);
    const md = readFileSync(out, 'utf8').split('\n');
    expect(md[0]).toBe('| file | verdict | errors | warnings | findings by check | states | complete | ms | note |');
    expect(md.find((l) => l.startsWith('| slow.kif |'))).toContain('| timeout |');
    expect(md.find((l) => l.startsWith('| quick.kif |'))).toContain('| findings |');
  });

  it('prints the table on stdout when no --out is given, and writes no file', () => {
    const cwd = path.join(work, 'cwd');
    spawnSync('mkdir', ['-p', cwd]);
    const list = path.join(work, 'list.txt');
    writeFileSync(list, 'missing-base.kif\n');
    const r = spawnSync(process.execPath, [corpusJs, path.join(repoRoot, 'games/broken'), '--list', list], {
      cwd,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const [head, ...rows] = r.stdout.trimEnd().split('\n');
    expect(head).toBe('file\tverdict\terrors\twarnings\tfindings by check\tstates\tcomplete\tms\tnote');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^missing-base\.kif\tfindings\t1\t0\tbases:1E\t/);
    expect(r.stderr).toMatch(/^1 files in [\d.]+ s: 0 ok, 1 with findings/m);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('exits 2 on usage errors', () => {
    expect(runCorpus([]).status).toBe(2);
    expect(runCorpus(['no/such/dir']).status).toBe(2);
    expect(runCorpus(['games/broken', '--timeout', 'soon']).status).toBe(2);
    expect(runCorpus(['games/broken', '--bogus']).status).toBe(2);
  });
});

interface ManifestRow {
  path: string;
  sha1: string;
  bytes: number;
  base: boolean;
  input: boolean;
}

function manifestRows(): ManifestRow[] {
  const [, ...lines] = readFileSync(manifest, 'utf8').trimEnd().split('\n');
  return lines.map((l) => {
    const c = l.split(',');
    return { path: path.join(shared, 'ggp-games', c[0] as string, c[1] as string), sha1: c[2] as string, bytes: Number(c[3]), base: c[4] === '1', input: c[5] === '1' };
  });
}

describe.skipIf(!sharedPresent(manifest, 'the corpus sample tests'))('a small sample of the public corpus (../shared/ggp-games)', () => {

  it('validates the ten smallest files that declare bases and inputs, each with a verdict', () => {
    const seen = new Set<string>();
    const sample = manifestRows()
      .filter((r) => r.base && r.input)
      .sort((a, b) => a.bytes - b.bytes || (a.path < b.path ? -1 : 1))
      .filter((r) => !seen.has(r.sha1) && seen.add(r.sha1))
      .slice(0, 10);
    expect(sample).toHaveLength(10);
    for (const row of sample) {
      const r = validateGame(readFileSync(row.path, 'utf8'), { file: row.path, maxStates: 500, playouts: 5 });
      expect(typeof r.ok, row.path).toBe('boolean');
      // Every error found by playing carries a witness, or needs none (a proof over all states).
      for (const f of r.findings) {
        if (f.severity === 'error' && (f.code === 'bases' || f.code === 'inputs')) expect(f.witness, `${row.path}: ${f.message}`).toBeDefined();
      }
    }
  });

  it("finds GGP-Base's tic-tac-toe valid", () => {
    const file = path.join(shared, 'ggp-games/ggp-org+ggp-base/games/games/ticTacToe/ticTacToe.kif');
    const r = validateGame(readFileSync(file, 'utf8'), { file });
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.stats.complete).toBe(true);
    expect(r.stats.states).toBe(5478);
  });
});
