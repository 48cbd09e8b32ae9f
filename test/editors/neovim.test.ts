/**
 * The Neovim configuration of docs/guides/editors.md, run as written in a
 * headless Neovim (`nvim --headless`; skipped with a message when nvim is
 * absent): a .kif buffer gets the server's diagnostics, a .bp buffer and a
 * JSON graph grammar attach, a package.json does not, and the server is
 * gone once Neovim quits.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { isAlive } from '../lsp/raw.js';

const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const version = nvim.status === 0 ? nvim.stdout.split('\n')[0]! : undefined;
if (!version) console.log('skipped: the Neovim configuration of docs/guides/editors.md: nvim is not installed (apt-get install -y neovim)');

/** The Lua block between the neovim-config markers of the guide. */
function guideConfig(): string {
  const guide = readFileSync(join(repoRoot, 'docs', 'guides', 'editors.md'), 'utf8');
  const m = /<!-- neovim-config: begin -->\n```lua\n([\s\S]*?)```\n<!-- neovim-config: end -->/.exec(guide);
  if (!m) throw new Error('docs/guides/editors.md has no neovim-config block');
  return m[1]!;
}

describe.skipIf(!version)(`the guide's Neovim configuration (${version ?? 'nvim absent'})`, () => {
  it('attaches gramlog to .kif, .bp and a graph-grammar JSON, not to package.json; diagnostics arrive; the server exits with Neovim', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-nvim-'));
    try {
      // `gramlog` on PATH: this checkout's built command line, recording the server's pid
      const bin = join(dir, 'bin');
      spawnSync('mkdir', ['-p', bin]);
      writeFileSync(join(bin, 'gramlog'), `#!/bin/sh\necho $$ >> ${join(dir, 'pids')}\nexec ${process.execPath} ${join(repoRoot, 'bin', 'gramlog.js')} "$@"\n`);
      chmodSync(join(bin, 'gramlog'), 0o755);
      writeFileSync(join(dir, 'init.lua'), guideConfig());
      writeFileSync(join(dir, 'typo.kif'), '(role robot)\n(init (cell 1))\n(<= (legl robot go) (true (cell 1)))\n(<= (legal robot go) (true (cell 1)))\n(<= (next (cell 1)) (does robot go))\n(<= terminal (true (cell 2)))\n(<= (goal robot 100) (true (cell 2)))\n');
      writeFileSync(join(dir, 'items.bp'), '@blueprint Sword\n  @property damage = 3\n@end\n');
      writeFileSync(join(dir, 'mission.json'), readFileSync(join(repoRoot, 'rules', 'mission.json'), 'utf8'));
      writeFileSync(join(dir, 'package.json'), '{ "name": "x", "version": "1.0.0" }\n');
      const out = join(dir, 'out.txt');
      const check = `
        local lines = {}
        local function clients(buf)
          local n = 0
          for _ in pairs(vim.lsp.buf_get_clients(buf)) do n = n + 1 end
          return n
        end
        vim.cmd('edit typo.kif')
        local kif = vim.api.nvim_get_current_buf()
        local ok = vim.wait(20000, function() return #vim.diagnostic.get(kif) > 0 end, 100)
        for _, d in ipairs(vim.diagnostic.get(kif)) do table.insert(lines, 'diagnostic ' .. tostring(d.lnum) .. ' ' .. d.message) end
        table.insert(lines, 'kif clients ' .. clients(kif))
        for _, f in ipairs({ 'items.bp', 'mission.json', 'package.json' }) do
          vim.cmd('edit ' .. f)
          table.insert(lines, f .. ' clients ' .. clients(vim.api.nvim_get_current_buf()))
        end
        vim.fn.writefile(lines, '${out}')
        vim.cmd('qa!')
      `;
      writeFileSync(join(dir, 'check.lua'), check);
      const r = spawnSync('nvim', ['--headless', '-u', join(dir, 'init.lua'), '-c', `luafile ${join(dir, 'check.lua')}`], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, XDG_STATE_HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      });
      expect(r.status, r.stderr + r.stdout).toBe(0);
      const lines = readFileSync(out, 'utf8').split('\n');
      expect(lines.some((l) => l.startsWith('diagnostic 2 ') && l.includes("did you mean 'legal'"))).toBe(true);
      expect(lines).toContain('kif clients 1');
      expect(lines).toContain('items.bp clients 1');
      expect(lines).toContain('mission.json clients 1');
      expect(lines).toContain('package.json clients 0');
      // the servers Neovim started are gone once it has quit
      const pids = readFileSync(join(dir, 'pids'), 'utf8').trim().split('\n').map(Number);
      expect(pids.length).toBe(1);
      const deadline = Date.now() + 5000;
      while (pids.some(isAlive) && Date.now() < deadline) spawnSync('sleep', ['0.1']);
      expect(pids.filter(isAlive)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
