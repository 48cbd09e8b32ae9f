/**
 * The playground's speed goals, in a real headless Chromium (see test/web):
 * the bundle's size; the first render of an example (navigation start to the
 * panel drawn, each in a fresh page); edit to diagnostics (a keystroke to the
 * squiggles updated). Peers measured in the same run: the same diagnostics
 * in Node, in-process (what the worker adds), and the CLI printing the same
 * artifact as a process (`gramlog generate` / `validate` / `query`).
 * Run alone with `npx tsx test/bench/web-bench.ts` (after `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../src/cli/commands/serve.js';
import { analyze } from '../../src/web/analyze.js';
import { ensureChromium, launch } from '../web/browser.js';

const ROOT = join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'dist', 'web');

const EXAMPLES: Array<[string, string]> = [
  ['rules/tree.gdl', 'generate'],
  ['rules/dungeon.gdl', 'generate'],
  ['rules/building.gdl', 'generate'],
  ['games/tictactoe.kif', 'validate'],
  ['rules/family.kif', 'query'],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function bundleSize(): { js: number; gzip: number } {
  let js = 0;
  let gzip = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(js|css|html)$/.test(name)) {
        const b = readFileSync(p);
        js += b.length;
        gzip += gzipSync(b).length;
      }
    }
  };
  walk(WEB);
  return { js, gzip };
}

export async function benchWeb(options: { quick?: boolean } = {}): Promise<void> {
  const chromium = ensureChromium();
  if ('missing' in chromium) {
    console.log(`\n## playground: skipped (${chromium.missing})`);
    return;
  }
  const { js, gzip } = bundleSize();
  console.log(`\n## playground (headless Chromium)\nbundle: ${(js / 1024).toFixed(0)} KiB (page, worker, library, CSS, HTML; minified), ${(gzip / 1024).toFixed(0)} KiB gzipped`);
  const served = await startServer({ root: WEB, port: 0, host: '127.0.0.1', files: () => [] });
  const browser = await launch(chromium.path);
  const runs = options.quick ? 3 : 5;
  console.log('| example | first render (median) | CLI process, same artifact | edit → diagnostics (median) | same checks in Node | ');
  console.log('|---|---|---|---|---|');
  try {
    for (const [file, command] of EXAMPLES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const first: number[] = [];
      const edits: number[] = [];
      for (let i = 0; i < runs; i++) {
        const page = await browser.context.newPage();
        await page.goto(`${served.url}#f=${file}`);
        await page.waitForFunction(`document.body.dataset.state === 'ready' && document.body.dataset.version !== undefined`, null, { timeout: 30_000 });
        first.push(Number(await page.evaluate('window.gramlogTimings.firstRender')));
        // A keystroke at the end of the text (a comment, so the kind stays), then its diagnostics.
        // (Page code as strings: this file is compiled without the DOM's types.)
        await page.locator('.cm-content').click();
        await page.keyboard.press('Control+End');
        for (let k = 0; k < 3; k++) {
          const v = Number(await page.evaluate('document.body.dataset.version'));
          await page.keyboard.type(k === 0 ? '\n;' : 'x');
          await page.waitForFunction(`Number(document.body.dataset.version) > ${v}`);
          edits.push(Number(await page.evaluate('window.gramlogTimings.editToDiagnostics')));
        }
        await page.close();
      }
      const cli: number[] = [];
      for (let i = 0; i < Math.min(runs, 3); i++) {
        const t0 = performance.now();
        spawnSync(process.execPath, [join(ROOT, 'bin', 'gramlog.js'), command, file], { cwd: ROOT, encoding: 'utf8' });
        cli.push(performance.now() - t0);
      }
      const node: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        analyze(text + '\n;x', file);
        node.push(performance.now() - t0);
      }
      console.log(
        `| ${file} | ${median(first).toFixed(0)} ms | ${command}: ${median(cli).toFixed(0)} ms (${(median(cli) / median(first)).toFixed(2)}×) | ${median(edits).toFixed(0)} ms | ${median(node).toFixed(1)} ms |`,
      );
    }
    await longRuns(served.url, browser, runs);
  } finally {
    await browser.close();
    await served.close();
  }
}

/**
 * Two of issue 23's rough edges, measured: a 45,150-answer query (the page
 * draws 200 answers and a "show more" button; the peer, drawing every answer
 * as the page did before, is timed in the same page), and the tree grammar
 * picked while a runaway runs in the panel worker (the pick cancels it; the
 * peer is the same pick on an idle page).
 */
async function longRuns(url: string, browser: Awaited<ReturnType<typeof launch>>, runs: number): Promise<void> {
  const b64 = (t: string) => Buffer.from(t).toString('base64url');
  const pairs = `${Array.from({ length: 150 }, (_, i) => `(a ${i})`).join(' ')}\n${Array.from({ length: 301 }, (_, i) => `(b ${i})`).join(' ')}\n(<= (pair ?x ?y) (a ?x) (b ?y))\n`;
  const drawn: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const page = await browser.context.newPage();
    await page.goto(`${url}#f=pairs.kif&t=${b64(pairs)}`);
    await page.waitForFunction(`document.body.dataset.state === 'ready'`, null, { timeout: 60_000 });
    await page.fill('input.goal', '(pair ?x ?y)');
    // From the answers' arrival (the count line) to the next frame: what the page's main thread spends drawing them.
    await page.evaluate(`new MutationObserver((ms, o) => { const c = document.querySelector('.answer-count'); if (/^45150 answers$/.test(c.textContent)) { const t = performance.now(); o.disconnect(); requestAnimationFrame(() => setTimeout(() => (window.drawMs = performance.now() - t))); } }).observe(document.querySelector('.answers'), { subtree: true, childList: true, characterData: true })`);
    await page.press('input.goal', 'Enter');
    await page.waitForFunction('window.drawMs !== undefined', null, { timeout: 60_000 });
    drawn.push(Number(await page.evaluate('window.drawMs')));
    // The peer: every answer as a list item, as the page drew them before.
    all.push(
      Number(
        await page.evaluate(`new Promise((done) => { const t = performance.now(); const ul = document.createElement('ul'); ul.className = 'facts'; for (let k = 0; k < 45150; k++) { const li = document.createElement('li'); li.textContent = '(pair ' + (k % 150) + ' ' + (k % 301) + ')'; ul.append(li); } document.querySelector('.answers').append(ul); requestAnimationFrame(() => setTimeout(() => done(performance.now() - t))); })`),
      ),
    );
    await page.close();
  }
  console.log(`query with 45,150 answers: drawn in ${median(drawn).toFixed(0)} ms (200 shown, "show more"); drawing all of them as before: ${median(all).toFixed(0)} ms (${(median(all) / median(drawn)).toFixed(0)}×)`);
  const runaway = '(n 0)\n(<= (n ?y) (n ?x) (+ ?x 1 ?y))\n';
  const busy: number[] = [];
  const idle: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    for (const [list, start] of [
      [busy, `${url}?budget=120000#f=runaway.kif&t=${b64(runaway)}`],
      [idle, `${url}#f=rules/family.kif`],
    ] as const) {
      const page = await browser.context.newPage();
      await page.goto(start);
      await page.waitForFunction(`document.body.dataset.version !== undefined && ['running', 'ready'].includes(document.body.dataset.state)`, null, { timeout: 30_000 });
      const t0 = performance.now();
      await page.selectOption('#examples', 'rules/tree.gdl');
      await page.waitForFunction(`document.body.dataset.state === 'ready' && document.querySelector('#panel svg.tree') !== null`, null, { timeout: 60_000 });
      list.push(performance.now() - t0);
      await page.close();
    }
  }
  console.log(`rules/tree.gdl picked while a runaway runs in the panel worker: drawn after ${median(busy).toFixed(0)} ms (the runaway cancelled, a fresh worker); on an idle page: ${median(idle).toFixed(0)} ms`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchWeb({ quick: process.argv.includes('--quick') });
