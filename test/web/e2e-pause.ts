/**
 * The page's longest pause while a 2,001-node graph shows up and is zoomed
 * and panned (issue 32, item 6), run in the browser test/web/e2e.test.ts
 * launches. The Long Tasks API lists every task of the page's thread over
 * 50 ms; from the task that draws the run's result on, none may last over PAUSE_MS (a
 * generous bound: the goal is about 100 ms; inserting the drawing as inline
 * SVG paused the page 680 ms to 1.2 s, and each zoom step 140 to 240 ms).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { BIG_GRAPH } from './e2e-graph.js';
import { hashOf, setSection, type Context } from './e2e-rough-edges.js';
import { loadGraphviz } from '../../src/generate/graph/svg.js';
import { stateDot } from '../../src/generate/graph/view.js';

const PAUSE_MS = 300;

interface Watch {
  pauses: Array<{ start: number; ms: number }>;
  /** When the page first showed a run's result (performance.now(): body's data-state became 'ready'), -1 before. */
  readyAt: number;
}

/** Record every long task, and the moment body's data-state first says 'ready'. */
function watchPauses(): void {
  const w = window as unknown as Watch;
  w.pauses = [];
  w.readyAt = -1;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.pauses.push({ start: e.startTime, ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (w.readyAt < 0 && document.body?.dataset['state'] === 'ready') w.readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
}

/** Two animation frames and a moment: what an action changed is painted (and its long tasks reported). */
const painted = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));

const scale = (page: Page) => page.locator('.graph-box').evaluate((b) => Number((b as HTMLElement).dataset['scale']));
const scroll = (page: Page) => page.locator('.graph-box').evaluate((b) => [b.scrollLeft, b.scrollTop]);

export function pauseTests(ctx: () => Context): void {
  it(`shows a 2,001-node graph, zooms and pans it and steps its rewrites with no pause of the page over ${PAUSE_MS} ms (Long Tasks API), named for screen readers`, async () => {
    const { browser, url, settled } = ctx();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1220, height: 860 });
    await page.addInitScript(watchPauses);
    await page.goto(`${url.replace(/\/?$/, '/')}?budget=60000${hashOf('big.gdl', BIG_GRAPH)}`);
    expect(await settled(page, 60_000)).toBe('ready');
    // The final graph shows up: an image named by its size and its nodes' names.
    const picture = page.locator('.graph-box [role=img]');
    await page.waitForFunction(() => /^the generated graph: 2001 nodes, 2000 edges; its nodes: room, room, /.test(document.querySelector('.graph-box [role=img]')?.getAttribute('aria-label') ?? ''), null, { timeout: 120_000 });
    expect(await picture.getAttribute('aria-label')).toMatch(/ and 1941 more$/);
    await painted(page);
    // Zoom and pan it every way the box offers.
    const box = page.locator('.graph-box');
    await box.focus();
    const s0 = await scale(page);
    for (const key of ['+', '+', '-', 'ArrowRight', 'ArrowDown', 'ArrowDown']) {
      await page.keyboard.press(key);
      await painted(page);
    }
    expect(await scale(page)).toBeCloseTo(s0 * 1.25, 2);
    const [x1, y1] = await scroll(page);
    expect(x1).toBeGreaterThan(0);
    expect(y1).toBeGreaterThan(0);
    const r = (await box.boundingBox())!;
    await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width / 2 - 200, r.y + r.height / 2 - 20, { steps: 5 });
    await page.mouse.up();
    await painted(page);
    expect((await scroll(page))[0]! - x1!).toBeCloseTo(200, -1);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 400);
    await page.keyboard.up('Control');
    await painted(page);
    expect(await scale(page)).toBeLessThan(s0);
    for (const name of ['zoom out', 'zoom out', 'zoom in', 'reset the zoom']) {
      await page.getByRole('button', { name }).click();
      await painted(page);
    }
    expect(await scale(page)).toBeCloseTo(s0, 3);
    await page.mouse.wheel(0, 300);
    await painted(page);
    // Step back through the rewrites with the slider: each step is drawn anew (laid out again in the worker).
    await page.locator('input[aria-label="rewrite step"]').focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowLeft');
      await painted(page);
    }
    expect(await page.locator('.step-caption').textContent()).toMatch(/^after step 1997 of 2000: .*; 1998 nodes, 1997 edges$/);
    await page.waitForTimeout(300);
    const { pauses, readyAt } = await page.evaluate(() => ({ pauses: (window as unknown as Watch).pauses, readyAt: (window as unknown as Watch).readyAt }));
    // the task that drew the run's result (it set 'ready') and every one after it: not the page's own start-up
    const during = pauses.filter((p) => p.start + p.ms >= readyAt);
    const longest = Math.max(0, ...during.map((p) => p.ms));
    process.stderr.write(`test/web: while a 2,001-node graph showed up, was zoomed and panned and its rewrites stepped, the page's longest pause was ${longest} ms (tasks over 50 ms: ${during.map((p) => `${p.ms} ms at ${Math.round(p.start - readyAt)}`).join(", ") || "none"})\n`);
    expect(readyAt).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(PAUSE_MS);
    // It is painted by the drawing worker, on a canvas that follows the view.
    const drawing = page.locator('.graph-box .canvas-drawing');
    expect(await drawing.evaluate((d) => ({ ...(d as HTMLElement).dataset }))).toMatchObject({ nodes: '2001', edges: '2000' });
    expect(Number(await drawing.getAttribute('data-painted'))).toBeGreaterThan(0);
    expect(Number(await drawing.getAttribute('data-frames'))).toBeGreaterThan(5);
    expect(page.workers().some((w) => w.url().endsWith('/draw.js'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 240_000);

  it('fits the canvas to a resized box, and paints gallery thumbnails of graphs over 150 nodes on canvases in the drawing worker, at most 220 pixels', async () => {
    const { browser, url, settled } = ctx();
    const page = await browser.context.newPage();
    await page.addInitScript(watchPauses);
    await page.goto(`${url.replace(/\/?$/, '/')}?budget=60000${hashOf('mid.gdl', MID_GRAPH)}`);
    expect(await settled(page, 60_000)).toBe('ready');
    await page.waitForSelector('.graph-box .canvas-drawing[data-nodes="301"]', { timeout: 60_000 });
    // A narrower window: the canvas follows the box's new width.
    await page.setViewportSize({ width: 700, height: 800 });
    await page.waitForFunction(() => {
      const box = document.querySelector<HTMLElement>('.graph-box')!;
      return box.querySelector('canvas')!.clientWidth === box.clientWidth;
    });
    await setSection(page, 'gallery', true);
    await page.locator('.gallery-count').fill('2');
    await page.getByRole('button', { name: 'show', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('.gallery .thumb canvas.thumb-canvas[data-nodes="301"]').length === 2, null, { timeout: 120_000 });
    const sizes = await page.locator('.gallery .thumb canvas').evaluateAll((cs) => cs.map((c) => [c.clientWidth, c.clientHeight]));
    for (const [w, h] of sizes) {
      expect(Math.max(w!, h!)).toBeLessThanOrEqual(220);
      expect(Math.max(w!, h!)).toBeGreaterThanOrEqual(219);
    }
    await painted(page);
    const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as Watch).pauses.filter((p) => p.start + p.ms >= (window as unknown as Watch).readyAt).map((p) => p.ms)));
    expect(longest).toBeLessThanOrEqual(PAUSE_MS);
    await page.close();
  }, 240_000);
}

const MID_GRAPH = BIG_GRAPH.replace('(graphlimit branch 2000)', '(graphlimit branch 300)');

/** Twelve rooms in a chain with side rooms, one step's new nodes outlined and one violated node filled red: every colour and pen the drawing uses. */
function sampleDot(): string {
  const nodes = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, label: i % 3 === 0 ? `hall ${i}` : 'room' }));
  const edges = nodes.slice(1).map((n, i) => ({ v: nodes[i % 5]!.id, w: n.id, label: i % 2 === 0 ? 'door' : '' }));
  return stateDot(nodes, edges, new Set(['r11', 'r10']), new Set(['r4']));
}

export function pictureTests(ctx: () => Context): void {
  it("paints on the canvas the picture of Graphviz's SVG (under 0.5% of pixels differ)", async () => {
    const { browser, url } = ctx();
    const dot = sampleDot();
    const viz = await loadGraphviz();
    const svg = viz.renderString(dot, { format: 'svg', engine: 'dot' });
    const json = viz.renderString(dot, { format: 'json', engine: 'dot' });
    const page = await browser.context.newPage();
    await page.goto(url);
    // The SVG inline and the drawing worker's canvas, side by side at their natural size.
    const size = await page.evaluate(
      async ({ svg, json }) => {
        document.body.replaceChildren();
        document.body.style.cssText = 'margin: 0; background: white';
        const holder = document.createElement('div');
        holder.innerHTML = svg.slice(svg.indexOf('<svg'));
        const el = holder.querySelector('svg')!;
        const w = el.width.baseVal.value;
        const h = el.height.baseVal.value;
        el.id = 'svg';
        el.style.cssText = 'position: fixed; left: 0; top: 0';
        const canvas = document.createElement('canvas');
        canvas.id = 'canvas';
        canvas.style.cssText = `position: fixed; left: ${Math.ceil(w) + 10}px; top: 0; width: ${w}px; height: ${h}px`;
        document.body.append(el, canvas);
        const off = canvas.transferControlToOffscreen();
        const worker = new Worker(new URL('draw.js', location.href), { type: 'module' });
        const drawn = new Promise((r) => (worker.onmessage = r));
        worker.postMessage({ op: 'canvas', id: 1, canvas: off }, [off]);
        worker.postMessage({ op: 'scene', id: 1, json });
        worker.postMessage({ op: 'view', id: 1, view: { x: 0, y: 0, width: w, height: h, scale: 1, dpr: 1 } });
        await drawn;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return { w, h };
      },
      { svg, json },
    );
    const shots = await Promise.all(['#svg', '#canvas'].map(async (sel) => (await page.locator(sel).screenshot()).toString('base64')));
    const diff = await page.evaluate(async (pngs) => {
      const pixels = await Promise.all(
        pngs.map(async (b64) => {
          const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
          const c = new OffscreenCanvas(img.width, img.height);
          const ctx = c.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return { w: img.width, h: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
        }),
      );
      const [a, b] = pixels as [(typeof pixels)[0], (typeof pixels)[0]];
      let differ = 0;
      let inked = 0;
      for (let i = 0; i < a.data.length; i += 4) {
        const d = Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!));
        if (d > 64) differ++;
        if (a.data[i]! < 200) inked++;
      }
      return { sizes: [a.w, a.h, b.w, b.h], differ: differ / (a.w * a.h), inked: inked / (a.w * a.h) };
    }, shots);
    process.stderr.write(`test/web: canvas against SVG, ${size.w}×${size.h} px: ${(diff.differ * 100).toFixed(2)}% of pixels differ (${(diff.inked * 100).toFixed(1)}% inked)\n`);
    expect(diff.sizes.slice(0, 2)).toEqual(diff.sizes.slice(2));
    expect(diff.inked).toBeGreaterThan(0.02);
    expect(diff.differ).toBeLessThan(0.005);
    await page.close();
  });
}
