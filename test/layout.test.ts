/**
 * The layout ARCHITECTURE.md asks for (issue 11, "Layout"): src/gdl grouped
 * in folders by concern, the seeded random source below every consumer
 * (src/random.ts), and no `node:` module outside src/cli (the core is
 * bundled for the browser).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const src = join(repoRoot, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

describe('source layout', () => {
  it('the tracked top level is the agreed set: no scratch scripts or run output committed by mistake', (ctx) => {
    let listed: string;
    try {
      listed = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
    } catch {
      ctx.skip('not a git checkout: the tracked top level cannot be listed');
      return;
    }
    const top = [...new Set(listed.split('\n').filter(Boolean).map((f) => f.split('/')[0]))].sort();
    expect(top).toEqual(['.ci', '.gitignore', 'CHANGELOG.md', 'README.md', 'bin', 'deploy', 'docs', 'editors', 'games', 'grammar', 'package-lock.json', 'package.json', 'rules', 'schemas', 'src', 'test', 'tsconfig.build.json', 'tsconfig.json', 'typedoc.json', 'vitest.config.ts']);
  });


  it('src/gdl holds folders by concern, no flat files', () => {
    const entries = readdirSync(join(src, 'gdl'));
    expect(entries.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(entries.sort()).toEqual(expect.arrayContaining(['checks', 'machine', 'validate']));
  });

  it('the seeded random source sits below its consumers: src/random.ts, not src/generate/random.ts', () => {
    expect(existsSync(join(src, 'random.ts'))).toBe(true);
    expect(existsSync(join(src, 'generate', 'random.ts'))).toBe(false);
  });

  it("only src/cli (with src/cli/parallel, the worker threads of --jobs) and the language server's entry in src/lsp import node: modules, as ARCHITECTURE.md allows", () => {
    const lspEntry = new Set(['lsp/server.ts', 'lsp/runner.ts', 'lsp/lsp-worker.ts']);
    const offenders = files(src)
      .filter((f) => /\.(ts|mts)$/.test(f) && !f.endsWith('.d.ts') && !relative(src, f).startsWith('cli') && !lspEntry.has(relative(src, f)))
      .filter((f) => /^\s*import[^;]*from\s+['"]node:|import\(\s*['"]node:/m.test(readFileSync(f, 'utf8')))
      .map((f) => relative(repoRoot, f));
    expect(offenders).toEqual([]);
  });
});
