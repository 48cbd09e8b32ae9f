/**
 * The language server's speed goals: an edit to its diagnostics (didChange
 * to publishDiagnostics, `gramlog lsp --stdio` as an editor runs it, no
 * debounce) on example files of each kind and on a 60,000-fact file, against
 * the peer an editor without a server would run: the CLI as a process on the
 * same file (`gramlog validate/generate/master/query`, the same findings),
 * measured in the same run. And a hover answered while a long check runs
 * (the check is in a worker): its latency against the check's.
 * Run alone with `npx tsx test/bench/lsp-bench.ts` (after `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClient, uriOf } from '../lsp/client.js';

const ROOT = join(import.meta.dirname, '..', '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const CLI: Record<string, string[]> = {
  'games/tictactoe.kif': ['validate', '--max-states', '1', '--playouts', '0'],
  'rules/dungeon.gdl': ['generate', '--seed', '0'],
  'rules/building.gdl': ['generate', '--seed', '0'],
  'rules/items.bp': ['master', '--seed', '0'],
  'rules/family.kif': ['query', '--count-only'],
};

export async function benchLsp(o: { quick?: boolean } = {}): Promise<void> {
  const runs = o.quick ? 3 : 7;
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-lsp-bench-'));
  const big = join(dir, 'big.kif');
  writeFileSync(big, Array.from({ length: 60_000 }, (_, i) => `(edge n${i} n${i + 1})`).join('\n') + '\n(<= (path ?x ?y) (edge ?x ?y))\n');
  const client = await startClient({ debounceMs: 0 });
  console.log('\n## language server (gramlog lsp --stdio): edit to diagnostics, against the CLI as a process on the same file');
  try {
    for (const [rel, cmd] of [...Object.entries(CLI), ['big.kif (60,000 facts)', ['query', '--count-only']] as const]) {
      const file = rel.startsWith('big') ? big : join(ROOT, rel);
      const text = readFileSync(file, 'utf8');
      const uri = uriOf(file);
      const opened = client.diagnostics(uri, 1);
      await client.open(file, text);
      await opened;
      const times: number[] = [];
      for (let v = 2; v < 2 + runs; v++) {
        const t = performance.now();
        const got = client.diagnostics(uri, v);
        await client.change(uri, v, text + `\n; edit ${v}\n`);
        await got;
        times.push(performance.now() - t);
      }
      const args = [cmd[0]!, file, ...cmd.slice(1)];
      const cli: number[] = [];
      for (let i = 0; i < Math.min(runs, 3); i++) {
        const t = performance.now();
        spawnSync(process.execPath, [join(ROOT, 'bin', 'gramlog.js'), ...args], { encoding: 'utf8' });
        cli.push(performance.now() - t);
      }
      const lsp = median(times);
      const peer = median(cli);
      console.log(`${rel.padEnd(26)} edit→diagnostics ${lsp.toFixed(0).padStart(6)} ms   CLI process ${peer.toFixed(0).padStart(6)} ms   CLI/server ${(peer / lsp).toFixed(1)}×`);
    }
    // a hover while the 60,000-fact check runs in the worker
    const uri = uriOf(big);
    const text = readFileSync(big, 'utf8');
    const hovers: number[] = [];
    const start = performance.now();
    const done = client.diagnostics(uri, 100);
    await client.change(uri, 100, text + '\n; long check\n');
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 60_000, character: 5 } });
      hovers.push(performance.now() - t);
    }
    await done;
    const check = performance.now() - start;
    console.log(`hover during a ${check.toFixed(0)} ms check of big.kif: ${median(hovers).toFixed(1)} ms (median of 5; the check runs in a worker)`);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLsp({ quick: process.argv.includes('--quick') });
