/**
 * Accessibility of the playground (issue 32, item 6), run in the browser
 * test/web/e2e.test.ts launches: axe finds no serious or critical violation
 * on the page of any style, tree nodes are named by their visible text, tree
 * toggles are 24-pixel targets, the drawing boxes scroll from the keyboard,
 * and arrow keys on the example picker browse without opening every example.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import type { Context } from './e2e-rough-edges.js';

/** One example of each style, and plain rules. */
export const STYLE_PAGES: Record<string, string> = {
  tree: 'rules/tree.gdl',
  layers: 'rules/building.gdl',
  graph: 'rules/mission.json',
  blueprints: 'rules/items.bp',
  GDL: 'games/tictactoe.kif',
  rules: 'rules/family.kif',
};

/** Every distinct value #panel's data-file takes from now on (each file the page starts to open). */
async function watchOpened(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { opened: string[] }).opened = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const v = (r.target as HTMLElement).dataset['file'];
        if (v && !seen.includes(v)) seen.push(v);
      }
    }).observe(document.querySelector('#panel')!, { attributes: true, attributeFilter: ['data-file'] });
  });
  return () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
}

export function a11yTests(ctx: () => Context): void {
  it('has no serious or critical axe violation on the page of every style (tree, layers, graph, blueprints, GDL, rules)', async () => {
    const { page, pick } = ctx();
    const found: Record<string, string[]> = {};
    for (const [style, file] of Object.entries(STYLE_PAGES)) {
      expect(await pick(page, file)).toBe('ready');
      if (style === 'graph') await page.waitForSelector('#panel svg.graph g.node');
      found[style] = await axeViolations(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(STYLE_PAGES).map((s) => [s, []])));
  });

  it('names each tree node by its visible text (no internal id first), with 24-pixel toggles', async () => {
    const { page, pick } = ctx();
    await pick(page, 'rules/tree.gdl');
    const nodes = await page.locator('#panel svg.tree g.node').evaluateAll((gs) =>
      gs.map((g) => ({ id: g.getAttribute('data-id')!, name: g.getAttribute('aria-label') ?? '', text: [...g.querySelectorAll(':scope > text')].map((t) => t.textContent).join(' ') })),
    );
    expect(nodes.length).toBeGreaterThan(3);
    for (const n of nodes) {
      expect(n.text.length).toBeGreaterThan(0);
      expect(n.name.startsWith(n.text), `${n.id}: "${n.name}" does not start with "${n.text}"`).toBe(true);
      expect(n.name).not.toMatch(new RegExp(`^${n.id.replace(/\//g, '\\/')}\\b`));
    }
    const toggles = await page.locator('#panel svg.tree .toggle').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect()).map((r) => [r.width, r.height]));
    expect(toggles.length).toBeGreaterThan(0);
    for (const [w, h] of toggles) expect(Math.min(w!, h!)).toBeGreaterThanOrEqual(24);
    // A toggle collapses its node (the test before the change clicked the same marker).
    const before = nodes.length;
    await page.locator('#panel svg.tree g.node[data-id="n"] .toggle').click();
    expect(await page.locator('#panel svg.tree g.node').count()).toBeLessThan(before);
    expect(await page.locator('#panel svg.tree g.node[data-id="n"]').getAttribute('aria-expanded')).toBe('false');
  });

  it('puts the status in a live region of its own (a footer may not be role=status) and skips no heading level', async () => {
    const { page, pick } = ctx();
    await pick(page, 'rules/building.gdl');
    expect(await page.locator('footer').getAttribute('role')).toBeNull();
    expect(await page.locator('#status').getAttribute('role')).toBe('status');
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    expect(await page.locator('#panel th:empty').count()).toBe(0);
  });

  it('browses the example picker with arrow keys without opening every example or pushing a history entry each', async () => {
    const { page, pick, settled } = ctx();
    await pick(page, 'rules/tree.gdl');
    const opened = await watchOpened(page);
    // Count history entries pushed (history.length stops at 50 in Chromium).
    await page.evaluate(() => {
      const w = window as unknown as { pushes: number };
      w.pushes = 0;
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        w.pushes++;
        push(...args);
      };
    });
    await page.focus('#examples');
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    const browsed = await page.inputValue('#examples');
    expect(browsed).not.toBe('rules/tree.gdl');
    await settled(page);
    expect(await opened()).toEqual([browsed]);
    expect(await page.evaluate(() => (window as unknown as { pushes: number }).pushes)).toBe(1);
    // Enter opens the example chosen at once.
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const chosen = await page.inputValue('#examples');
    await page.waitForFunction((f) => document.querySelector<HTMLElement>('#panel')!.dataset['file'] === f, chosen, { timeout: 300 });
    await settled(page);
    await pick(page, 'rules/dungeon.gdl');
  });
}
