/**
 * Manifests as hostile input (issue 35): a manifest edited to name files
 * outside its folder, to claim seeds it does not hold, or with keys of the
 * wrong type is a located error at the key (merge: exit 1; --resume: exit 2),
 * never a file read or written elsewhere, seeds silently lost or doubled, or
 * an internal error; --resume checks a chunk's failures instead of trusting them.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/cli/out/manifest-check.js';
import { FAILING_GRAMMAR, gramlog } from '../parallel/helpers.js';

let dir = '';
/** `generate f.gdl --count 10 --chunk 2 --json`: seeds 0..9 in five chunks, some seeds failing. */
const RUN = ['generate', 'f.gdl', '--count', '10', '--chunk', '2', '--json'];
let whole = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gramlog-manifest-'));
  writeFileSync(join(dir, 'f.gdl'), FAILING_GRAMMAR);
  writeFileSync(join(dir, 'ok.gdl'), '(start s)\n(rule s a 1)\n(rule s b 1)\n');
  whole = gramlog(['generate', 'f.gdl', '--count', '10', '--json'], { cwd: dir }).stdout;
  expect(whole).toContain('"seed":9');
  expect(gramlog([...RUN, '--out', 'base'], { cwd: dir }).status).toBe(1);
  expect(gramlog(['generate', 'ok.gdl', '--count', '3', '--format', 'dot', '--out', 'dot'], { cwd: dir }).stderr).toBe('');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>;

let n = 0;
/** A copy of folder `from` whose manifest `edit` changes; its name. */
function tampered(edit: (m: Json) => void, from = 'base'): string {
  const name = `t${n++}`;
  cpSync(join(dir, from), join(dir, name), { recursive: true });
  const path = join(dir, name, 'manifest.json');
  const m = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(m);
  writeFileSync(path, JSON.stringify(m, null, 1) + '\n');
  return name;
}

describe('merge and --resume read a manifest as data', () => {
  it('the untouched folder merges to the whole run', () => {
    expect(gramlog(['merge', 'base'], { cwd: dir }).stdout).toBe(whole);
  });

  it('a chunk named ../outside.txt (with its true sha256) is refused at the key, and nothing outside is read', () => {
    writeFileSync(join(dir, 'outside.txt'), 'SECRET\n');
    const sha = 'a2b0b7c7d1c9f6e3f0bf79e0cdb7ee74e2a6ee26b0cba0b77ba9ae0c4cba4dbe'; // any hash: the name alone is refused
    const t = tampered((m) => {
      m['chunks'][1].files[0] = { name: '../outside.txt', sha256: sha, bytes: 7 };
    });
    const r = gramlog(['merge', t], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('SECRET');
    expect(r.stderr).toMatch(new RegExp(`^${t}/manifest\\.json:\\d+:\\d+: error\\[jobs/manifest-invalid\\]: chunks\\[1\\]\\.files\\[0\\]\\.name must be a plain name`));
    expect(r.stderr).toContain('^~~~');
    const resumed = gramlog([...RUN, '--out', t, '--resume'], { cwd: dir });
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(new RegExp(`^${t}/manifest\\.json:\\d+:\\d+: error\\[jobs/manifest-invalid\\]`));
  });

  it('a dot shard naming ../escaped.dot cannot make merge --out write outside the folder', () => {
    const t = tampered((m) => {
      m['chunks'][0].files[0].name = '../escaped.dot';
    }, 'dot');
    const r = gramlog(['merge', t, '--out', join('merged', 'x')], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('error[jobs/manifest-invalid]');
    expect(existsSync(join(dir, 'merged', 'escaped.dot'))).toBe(false);
    expect(existsSync(join(dir, 'merged', 'x'))).toBe(false);
  });

  it('a manifest that says complete but lists 4 of 5 chunks is refused, not merged with seeds missing', () => {
    const t = tampered((m) => {
      m['chunks'].splice(2, 1);
    });
    const r = gramlog(['merge', t], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/error\[jobs\/manifest-invalid\]: the manifest says complete, but seeds 4\.\.5 before chunk 3 are in no chunk/);
    const moved = tampered((m) => {
      m['chunks'][2].index = 1;
    });
    expect(gramlog(['merge', moved], { cwd: dir }).stderr).toMatch(/chunks\[2\]\.index is 1, not after the chunk before it \(1\)/);
    const last = tampered((m) => {
      m['chunks'].pop();
    });
    expect(gramlog(['merge', last], { cwd: dir }).stderr).toMatch(/error\[jobs\/manifest-invalid\]: the manifest says complete, but seeds 8\.\.9 of its range are in no chunk/);
  });

  it("an entry naming the next chunk's file (with that file's hash) is refused, not merged with seeds twice", () => {
    const t = tampered((m) => {
      m['chunks'][1].files = m['chunks'][2].files;
    });
    const r = gramlog(['merge', t], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/chunks\[1\]\.files:? .*error|error\[jobs\/manifest-invalid\]: chunk 1's file is chunk-000001\.jsonl, and only that/);
  });

  const wrongTypes: Array<[string, (m: Json) => void, RegExp]> = [
    ['"seeds": null', (m) => (m['seeds'] = null), /seeds must be object/],
    ['"range": null', (m) => (m['range'] = null), /range must be object/],
    ['a null chunk entry', (m) => (m['chunks'][0] = null), /chunks\[0\] must be object/],
    ['no counts', (m) => delete m['counts'], /the manifest has no "counts"/],
    ['"inputs": 5', (m) => (m['inputs'] = 5), /inputs must be array/],
    ['a chunk\'s "files": "x"', (m) => (m['chunks'][0].files = 'x'), /chunks\[0\]\.files must be array/],
  ];
  for (const [what, edit, message] of wrongTypes) {
    it(`${what}: a located error naming the key, exit 1 in merge and 2 in --resume, never error[internal]`, () => {
      const t = tampered(edit);
      const r = gramlog(['merge', t], { cwd: dir });
      expect(r.stderr).not.toContain('internal');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^${t}/manifest\\.json:\\d+:\\d+: error\\[jobs/manifest-invalid\\]: ${message.source}`));
      const resumed = gramlog([...RUN, '--out', t, '--resume'], { cwd: dir });
      expect(resumed.stderr).not.toContain('internal');
      expect(resumed.status).toBe(2);
      expect(resumed.stderr).toMatch(new RegExp(`^${t}/manifest\\.json:\\d+:\\d+: error\\[jobs/manifest-invalid\\]: ${message.source}`));
    });
  }

  it('a folder where a chunk file should be: merge names it at its entry (exit 1); --resume writes the chunk again or says it cannot (exit 2)', () => {
    const t = tampered(() => undefined);
    rmSync(join(dir, t, 'chunk-000001.jsonl'));
    mkdirSync(join(dir, t, 'chunk-000001.jsonl'));
    const r = gramlog(['merge', t], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${t}/manifest\\.json:\\d+:\\d+: error\\[jobs/merge-chunk\\]: ${t}/chunk-000001\\.jsonl is not a file`));
    const resumed = gramlog([...RUN, '--out', t, '--resume'], { cwd: dir });
    expect(resumed.stderr).not.toContain('internal');
    expect(resumed.status).toBe(2);
  });
});

describe('--resume checks what it can', () => {
  it('a complete folder whose manifest lists a failure no seed has: the chunk is computed again, and the run ends as the whole run does', () => {
    const plain = gramlog(['generate', 'ok.gdl', '--count', '4', '--seed', '100', '--json'], { cwd: dir });
    expect(plain.status).toBe(0);
    const first = gramlog(['generate', 'ok.gdl', '--count', '4', '--seed', '100', '--chunk', '2', '--json', '--out', 'ok'], { cwd: dir });
    expect(first.stderr + first.status).toBe('0');
    const t = tampered((m) => {
      m['chunks'][0].failures = [{ seed: 101, message: 'made up' }];
      m['counts'].failed = 1;
    }, 'ok');
    const r = gramlog(['generate', 'ok.gdl', '--count', '4', '--seed', '100', '--chunk', '2', '--json', '--out', t, '--resume'], { cwd: dir });
    expect(r.stderr).toMatch(/^(generated 4\/4\s*)?$/);
    expect(r.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, t, 'manifest.json'), 'utf8')).counts.failed).toBe(0);
    expect(gramlog(['merge', t], { cwd: dir }).stdout).toBe(plain.stdout);
  });
});

describe('parseManifest', () => {
  it('accepts what gramlog writes and names the key of what it does not', () => {
    const text = readFileSync(join(dir, 'base', 'manifest.json'), 'utf8');
    expect(parseManifest(text, 'm.json').chunks).toHaveLength(5);
    expect(() => parseManifest(text.replace('"complete": true', '"complete": true, "extra": 1'), 'm.json')).toThrow(/has a key gramlog does not write, "extra"/);
    expect(() => parseManifest(text.replace('"chunkSeeds": 2', '"chunkSeeds": 0'), 'm.json')).toThrow(/chunkSeeds must be >= 1/);
    expect(() => parseManifest('{"a": 1,', 'm.json')).toThrow(/not a manifest of gramlog --out/);
  });
});
