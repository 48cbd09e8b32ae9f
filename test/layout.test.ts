/**
 * The layout ARCHITECTURE.md asks for (issue 11, "Layout"): src/gdl grouped
 * in folders by concern, the seeded random source below every consumer
 * (src/random.ts), and no `node:` module outside src/cli (the core is
 * bundled for the browser).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  it('src/gdl holds folders by concern, no flat files', () => {
    const entries = readdirSync(join(src, 'gdl'));
    expect(entries.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(entries.sort()).toEqual(expect.arrayContaining(['checks', 'machine', 'validate']));
  });

  it('the seeded random source sits below its consumers: src/random.ts, not src/generate/random.ts', () => {
    expect(existsSync(join(src, 'random.ts'))).toBe(true);
    expect(existsSync(join(src, 'generate', 'random.ts'))).toBe(false);
  });

  it("only src/cli, src/parallel (the worker threads of --jobs) and the language server's entry in src/lsp import node: modules, as ARCHITECTURE.md allows", () => {
    const lspEntry = new Set(['lsp/server.ts', 'lsp/runner.ts', 'lsp/lsp-worker.ts']);
    const offenders = files(src)
      .filter((f) => /\.(ts|mts)$/.test(f) && !f.endsWith('.d.ts') && !relative(src, f).startsWith('cli') && !relative(src, f).startsWith('parallel') && !lspEntry.has(relative(src, f)))
      .filter((f) => /^\s*import[^;]*from\s+['"]node:|import\(\s*['"]node:/m.test(readFileSync(f, 'utf8')))
      .map((f) => relative(repoRoot, f));
    expect(offenders).toEqual([]);
  });
});
