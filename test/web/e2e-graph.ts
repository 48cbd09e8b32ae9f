/**
 * The graph drawing and the running state (issue 32, item 6), run in the
 * browser test/web/e2e.test.ts launches: a 2,001-node graph is laid out in
 * the layout worker while the page stays responsive (the slider moves, the
 * caption follows), the drawing zooms and pans (keys, buttons, ctrl + wheel,
 * drag, reset), and a run in progress is announced with the old output inert.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashOf, type Context } from './e2e-rough-edges.js';

/** A start room that grows 2,000 side rooms: 2,001 nodes, 2,000 rewrites. */
export const BIG_GRAPH = `; 2,001 rooms
(graphstart room)
(graphrule branch 1)
(graphlimit branch 2000)
(<= (branch ?r) (node ?r room))
(rewrite branch (keep ?r) (node ?s room) (edge ?r ?s door))
`;

const scale = (page: Page) => page.locator('.graph-box').evaluate((b) => Number((b as HTMLElement).dataset['scale']));
const scroll = (page: Page) => page.locator('.graph-box').evaluate((b) => [b.scrollLeft, b.scrollTop]);

export function graphTests(ctx: () => Context): void {
  it('lays a 2,001-node graph out off the page\'s thread: the slider and caption answer while Graphviz works, in a layout worker', async () => {
    const { browser, url, settled } = ctx();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1220, height: 860 });
    await page.goto(`${url.replace(/\/?$/, '/')}?budget=60000${hashOf('big.gdl', BIG_GRAPH)}`);
    expect(await settled(page, 60_000)).toBe('ready');
    expect(await page.locator('#panel .summary').textContent()).toMatch(/2001 nodes, 2000 edges, 2000 rewrites/);
    // The layout runs in a worker of its own while the page's thread is free: a timer ticks, the slider moves the caption.
    await page.waitForSelector('.graph-box[aria-busy]', { timeout: 10_000 });
    expect(page.workers().some((w) => w.url().endsWith('/layout.js'))).toBe(true);
    const ticks = await page.evaluate(
      () =>
        new Promise<{ ticks: number; maxGap: number; busy: boolean }>((resolve) => {
          let ticks = 0;
          let last = performance.now();
          let maxGap = 0;
          const id = setInterval(() => {
            const now = performance.now();
            maxGap = Math.max(maxGap, now - last);
            last = now;
            if (++ticks === 10) {
              clearInterval(id);
              resolve({ ticks, maxGap, busy: document.querySelector('.graph-box')!.hasAttribute('aria-busy') });
            }
          }, 20);
        }),
    );
    process.stderr.write(`test/web: while laying out 2,001 nodes the page's longest pause was ${ticks.maxGap.toFixed(0)} ms\n`);
    expect(ticks).toMatchObject({ ticks: 10, busy: true });
    await page.locator('input[aria-label="rewrite step"]').focus();
    await page.keyboard.press('Home');
    expect(await page.locator('.step-caption').textContent()).toMatch(/^the start graph \(1 node\)/);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('.step-caption').textContent()).toMatch(/^after step 1 of 2000/);
    // The step shown is drawn (a superseded layout is dropped, not drawn late).
    await page.waitForFunction(() => !document.querySelector('.graph-box')!.hasAttribute('aria-busy') && document.querySelectorAll('.graph-box svg.graph g.node').length === 2, null, { timeout: 60_000 });
    // A step of 401 nodes (2,001 take Graphviz 10 to 20 seconds; the step before takes as long, so the tests zoom this one).
    await page.locator('input[aria-label="rewrite step"]').evaluate((el) => {
      (el as HTMLInputElement).value = '400';
      el.dispatchEvent(new Event('input'));
    });
    // (over CANVAS_NODES nodes, the drawing worker paints it on a canvas: e2e-pause.ts)
    await page.waitForSelector('.graph-box .canvas-drawing[data-nodes="401"][data-frames]', { timeout: 60_000 });
    const ms = await page.evaluate(() => (window as unknown as { gramlogLayout: { lastMs: number } }).gramlogLayout.lastMs);
    process.stderr.write(`test/web: Graphviz laid out 401 nodes in ${ms.toFixed(0)} ms (in the layout worker)\n`);
    // Zoom and pan: the box is a focusable, labelled region.
    const box = page.locator('.graph-box');
    expect(await box.getAttribute('tabindex')).toBe('0');
    expect(await box.getAttribute('role')).toBe('region');
    expect(await box.getAttribute('aria-label')).toMatch(/graph drawing/);
    // Its first view (0 or reset): 401 nodes do not fit at a readable size, so 3/4 size from the top-left corner.
    await box.focus();
    await page.keyboard.press('0');
    const s0 = await scale(page);
    expect(s0).toBe(0.75);
    expect(await box.evaluate((b) => b.scrollWidth > b.clientWidth && b.scrollHeight > b.clientHeight)).toBe(true);
    await page.keyboard.press('+');
    expect(await scale(page)).toBeCloseTo(s0 * 1.25, 2);
    await page.keyboard.press('-');
    expect(await scale(page)).toBeCloseTo(s0, 2);
    const [x0, y0] = await scroll(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const [x1, y1] = await scroll(page);
    expect(x1!).toBeGreaterThan(x0!);
    expect(y1!).toBeGreaterThan(y0!);
    // Drag pans: the drawing follows the pointer.
    const r = (await box.boundingBox())!;
    await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width / 2 - 120, r.y + r.height / 2 - 60, { steps: 4 });
    await page.mouse.up();
    const [x2, y2] = await scroll(page);
    expect(x2! - x1!).toBeCloseTo(120, -1);
    expect(y2! - y1!).toBeCloseTo(60, -1);
    // Ctrl + wheel (a trackpad pinch) zooms; the wheel alone scrolls.
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await page.waitForFunction((s) => Number(document.querySelector<HTMLElement>('.graph-box')!.dataset['scale']) > s, s0);
    // Reset returns to the first view.
    await page.getByRole('button', { name: 'reset the zoom' }).click();
    expect(await scale(page)).toBeCloseTo(s0, 3);
    expect(await scroll(page)).toEqual([0, 0]);
    await page.getByRole('button', { name: 'zoom out' }).click();
    expect(await scale(page)).toBeCloseTo(s0 / 1.25, 2);
    await page.close();
  }, 180_000);

  it('says a run is computing and makes the old result inert and dimmed until the new one arrives', async () => {
    const { page, pick, settled } = ctx();
    await pick(page, 'rules/tree.gdl');
    // What the page shows at the moment a run starts, and after it.
    await page.evaluate(() => {
      const seen: Array<{ inert: boolean; running: boolean; busy: boolean; status: string; dimmed: boolean }> = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const panel = document.querySelector<HTMLElement>('#panel')!;
      new MutationObserver(() => {
        if (document.body.dataset['state'] !== 'running' || seen.length > 0) return;
        seen.push({ inert: panel.inert, running: panel.classList.contains('running'), busy: panel.hasAttribute('aria-busy'), status: document.querySelector('#status')!.textContent ?? '', dimmed: Number(getComputedStyle(panel).opacity) < 0.6 });
      }).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
      document.body.dataset['state'] = 'switching';
    });
    await page.locator('#seed-next').click();
    await settled(page);
    const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
    expect(seen).toEqual([{ inert: true, running: true, busy: true, status: 'running…', dimmed: true }]);
    expect(await page.locator('#status').getAttribute('role')).toBe('status');
    expect(await page.locator('#panel').evaluate((p) => ({ inert: (p as HTMLElement).inert, busy: p.hasAttribute('aria-busy'), running: p.classList.contains('running') }))).toEqual({ inert: false, busy: false, running: false });
    expect(await page.locator('#status').textContent()).toMatch(/^tree grammar: \d+ ms$/);
  });
}
