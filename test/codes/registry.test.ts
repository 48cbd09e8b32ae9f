/**
 * The registry against the sources: codes are unique and well shaped, each has
 * an example or says why it cannot have one, every code in a raising position
 * in src/ is registered (a static scan), and the runtime check names an
 * unregistered code and where it is raised.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { raisingSite, unregisteredMessage } from '../../src/codes/guard.js';
import { ALL_CODES } from '../../src/codes/index.js';
import { BARE_CODES, wellShaped } from '../../src/codes/registry.js';
import { repoRoot } from '../helpers.js';
import { scanSources } from './scan.js';

/** Registered codes that the scan cannot see raised: raised through a variable, or kept for compatibility. */
const NOT_LITERAL: Readonly<Record<string, string>> = {
  init: "validate's check for gdl/no-init (src/gdl/validate/validate.ts), which no code raises at present",
  'role-argument': "the GDL-II check's name, chosen between 'sees' and 'role-argument' by the relation (src/gdl/checks/gdl2.ts, src/gdl/validate/proofs.ts)",
  'blueprint/choose': "a forced draw's error, raised by src/generate/satisfy/controlled.ts with the code its style gives (src/generate/blueprints/satisfy.ts)",
  'graph/choose': "a forced draw's error, raised by src/generate/satisfy/controlled.ts with the code its style gives (src/generate/graph/satisfy.ts)",
};

describe('the registry', () => {
  it('declares each code once', () => {
    const seen = new Set<string>();
    const twice = ALL_CODES.map((c) => c.code).filter((c) => (seen.has(c) ? true : (seen.add(c), false)));
    expect(twice, 'codes registered twice').toEqual([]);
  });

  it('has area/name codes, or one of the documented bare codes', () => {
    expect(ALL_CODES.map((c) => c.code).filter((c) => !wellShaped(c))).toEqual([]);
    // The bare list holds only registered codes.
    expect(BARE_CODES.filter((c) => !ALL_CODES.some((x) => x.code === c))).toEqual([]);
  });

  it('gives each code a title, an explanation and a fix, and an example or why it has none', () => {
    for (const c of ALL_CODES) {
      expect(c.title.trim(), c.code).not.toBe('');
      expect(c.explanation.trim(), c.code).not.toBe('');
      expect(c.fix.trim(), c.code).not.toBe('');
      expect(c.example === undefined, `${c.code}: an example, or reachableFrom saying why there is none`).toBe(c.reachableFrom !== undefined);
      if (c.example) expect(c.example.command, c.code).toMatch(/^gramlog [a-z-]+ /);
    }
  });
});

describe('the static scan of src/', () => {
  const { codes, unknownTemplates } = scanSources();
  const known = new Set(ALL_CODES.map((c) => c.code));

  it('finds every code raised registered', () => {
    const missing = codes.filter((c) => !known.has(c.code)).map((c) => unregisteredMessage(c.code, c.site));
    expect(missing).toEqual([]);
  });

  it('knows what every code template expands to', () => {
    const message = unknownTemplates.map((t) => `code template \`${t.code}\` at ${t.site}: add what it expands to to TEMPLATES in test/codes/scan.ts`);
    expect(message).toEqual([]);
  });

  it('finds every registered code raised somewhere (no stale entries)', () => {
    const raised = new Set(codes.map((c) => c.code));
    const stale = ALL_CODES.map((c) => c.code).filter((c) => !raised.has(c) && !(c in NOT_LITERAL));
    expect(stale, 'registered codes no source raises: remove them, or say in NOT_LITERAL how they are raised').toEqual([]);
  });
});

describe('the runtime check', () => {
  it('names the source line that raised the code, and lets tests make up codes', () => {
    const stack = [
      'Error',
      '    at check (/r/src/codes/guard.ts:40:21)',
      '    at checkCode (/r/src/codes/hook.ts:16:14)',
      '    at new GramlogError (/r/src/errors.ts:42:5)',
      '    at limit (/r/src/generate/grammar/grammar.ts:265:11)',
    ].join('\n');
    expect(raisingSite(stack)).toBe('src/generate/grammar/grammar.ts:265');
    expect(raisingSite(stack.replace('/r/src/generate/grammar/grammar.ts', '/r/test/cli/diagnostics.test.ts'))).toBeUndefined();
    expect(unregisteredMessage('generate/oops', 'src/x.ts:3')).toBe(
      "error code 'generate/oops' is raised at src/x.ts:3 but not registered: add an entry for it to an area file in src/codes/ (see src/codes/registry.ts)",
    );
  });
});

describe('the runtime check in spawned processes', () => {
  const built = existsSync(join(repoRoot, 'dist/codes/guard.js'));

  it.skipIf(!built)('is preloaded into node processes the tests spawn, and names an unregistered code', () => {
    const script = `import { GramlogError } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/errors.js')).href)};
try { new GramlogError('nope/never-registered', 'x'); console.log('no check'); } catch (e) { console.log(e.message); }
new GramlogError('syntax/unclosed', 'fine');`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^error code 'nope\/never-registered' is raised at .* but not registered: add an entry for it to an area file in src\/codes\//);
  });
});
