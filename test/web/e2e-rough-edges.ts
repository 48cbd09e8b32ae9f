/**
 * End-to-end tests of the playground's rough edges (issue 23, item 4), run in
 * the browser test/web/e2e.test.ts launches (one browser for all): the worker
 * protocol (a budget counts a request's own work, a newer request cancels
 * older ones), history and links, stale output, long lists, the tree's
 * scroll, sections' open state, companion files, the board's orientation,
 * plurals, and accessibility (targets, contrast, live regions, lists, the
 * graph's label, leaving the editor from the keyboard).
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from './browser.js';

export interface Context {
  browser: Browser;
  url: string;
  page: Page;
  settled(page: Page, timeout?: number): Promise<string>;
  pick(page: Page, name: string): Promise<string>;
}

type Hooks = {
  gramlogPage: {
    panelRequests(): number;
    call(body: unknown, budgetMs: number): Promise<string>;
  };
};

const RUNAWAY = '(n 0)\n(<= (n ?y) (n ?x) (+ ?x 1 ?y))\n';
export const hashOf = (file: string, text: string) => `#f=${file}&t=${Buffer.from(text).toString('base64url')}`;

/** `(cell ...)`-free plain rules with N facts and N² derived pairs. */
function pairs(n: number): string {
  const facts = Array.from({ length: n }, (_, i) => `(a ${i})`).join(' ');
  return `${facts}\n(<= (pair ?x ?y) (a ?x) (a ?y))\n`;
}

/** WCAG contrast ratios of every text in `selector` (colour against the backgrounds it sits on), lowest first. */
async function contrasts(page: Page, selector: string): Promise<Array<{ ratio: number; text: string; color: string; bg: string }>> {
  return page.evaluate((sel) => {
    const parse = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number).concat([1]).slice(0, 4) as number[];
    const over = (top: number[], under: number[]): number[] => {
      const a = top[3]!;
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat([1]);
    };
    const background = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3]! > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const lum = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const out: Array<{ ratio: number; text: string; color: string; bg: string }> = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || (n.textContent ?? '').trim() === '' || el.closest('svg')) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
        const bg = background(el);
        const fg = over(parse(style.color), bg);
        const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        out.push({ ratio: (hi! + 0.05) / (lo! + 0.05), text: (n.textContent ?? '').trim().slice(0, 20), color: style.color, bg: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})` });
      }
    }
    return out.sort((a, b) => a.ratio - b.ratio);
  }, selector);
}

/** Controls smaller than 24 by 24 CSS pixels (WCAG 2.5.8), as `tag.class "text" WxH`. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('button, select, input, summary')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 24 || r.height < 24) out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 20)}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
    return out;
  });
}

/** Open or close the panel's section of that title (a section keeps its state across redraws, and across tests). */
export async function setSection(page: Page, title: string, open: boolean): Promise<void> {
  const d = page.locator(`details.section[data-section="${title}"]`);
  if (((await d.getAttribute('open')) !== null) !== open) await d.locator('summary').first().click();
}

export function roughEdgeTests(ctx: () => Context): void {
  it('counts a budget from the request\'s own start: an over-budget request does not cancel the one queued behind it', async () => {
    const { browser, url, settled } = ctx();
    const other = await browser.context.newPage();
    await other.goto(`${url}#f=rules/family.kif`);
    await settled(other);
    const input = (text: string) => ({ text, file: 'x.kif', kind: 'rules', seed: 0, params: {}, action: 'main' });
    // The runaway runs over its 1.5 s budget; the small request, queued behind it for that long, gets its own 1.5 s.
    const got = await other.evaluate(
      ([runaway, small]) => {
        const page = (window as unknown as Hooks).gramlogPage;
        return Promise.all([page.call({ op: 'panel', input: runaway }, 1500), page.call({ op: 'panel', input: small }, 1500)]);
      },
      [input(RUNAWAY), input('(a 1)\n')],
    );
    expect(got).toEqual(['BudgetError', 'ok']);
    await other.close();
  });

  it('cancels a long panel run when another example is picked, and when the text is edited (no queue of runs)', async () => {
    const { browser, url, settled, pick } = ctx();
    const other = await browser.context.newPage();
    // A budget far longer than the test: only cancellation can end the runaway.
    await other.goto(`${url}?budget=120000${hashOf('runaway.kif', RUNAWAY)}`);
    await other.waitForFunction(() => document.body.dataset['state'] === 'running' && document.body.dataset['version'] !== undefined);
    // Typing into the runaway: each edit's panel run replaces the previous one.
    await other.locator('.cm-content').click();
    await other.keyboard.press('Control+End');
    for (const ch of '; abc') {
      await other.keyboard.type(ch);
      await other.waitForTimeout(300);
    }
    await other.waitForFunction(() => document.body.dataset['state'] === 'running');
    expect(await other.evaluate(() => (window as unknown as Hooks).gramlogPage.panelRequests())).toBeLessThanOrEqual(1);
    // Picking the tree grammar cancels the runaway: the tree comes, with no budget message.
    expect(await pick(other, 'rules/tree.gdl')).toBe('ready');
    expect(await other.locator('#panel svg.tree g.node').count()).toBeGreaterThan(1);
    expect(await other.locator('#status').textContent()).not.toMatch(/budget|stopped/);
    await other.close();
  });

  it('never shows the previous example\'s output under one whose checks fail, and makes stale output inert', async () => {
    const { page, pick } = ctx();
    expect(await pick(page, 'games/broken/stratified-by-rule.kif')).toBe('ready');
    expect(await pick(page, 'games/broken/syntax-error.kif')).toBe('errors');
    expect(await page.locator('#panel').textContent()).not.toContain('stratified-by-rule');
    expect(await page.locator('#panel .summary').count()).toBe(0);
    expect(await page.evaluate(() => (document.querySelector('#panel') as HTMLElement).inert)).toBe(true);
    expect(await pick(page, 'rules/tree.gdl')).toBe('ready');
    expect(await page.evaluate(() => (document.querySelector('#panel') as HTMLElement).inert)).toBe(false);
  });

  it('draws a 22,500-answer query a chunk at a time and says what is not drawn; a relation says what was cut', async () => {
    const { browser, url, settled } = ctx();
    const other = await browser.context.newPage();
    await other.goto(url + hashOf('pairs.kif', pairs(150)));
    expect(await settled(other, 30_000)).toBe('ready');
    await other.fill('input.goal', '(pair ?x ?y)');
    await other.press('input.goal', 'Enter');
    await other.waitForFunction(() => /^22500 answers$/.test(document.querySelector('.answer-count')?.textContent ?? ''), null, { timeout: 30_000 });
    expect(await other.locator('.answers li').count()).toBe(200);
    expect(await other.locator('.answers .more').textContent()).toContain('…and 22300 more (200 of 22500 shown)');
    await other.locator('.answers button.show-more').click();
    expect(await other.locator('.answers li').count()).toBe(400);
    expect(await smallTargets(other)).toEqual([]);
    // The relation: the worker sent its first 2000 facts, and the list says so.
    const pair = other.locator('details.relation', { has: other.locator('summary', { hasText: 'pair (22500)' }) });
    await pair.locator('summary').click();
    await pair.locator('li').first().waitFor(); // the list is drawn on the toggle event, a task after the click
    expect(await pair.locator('li').count()).toBe(200);
    expect(await pair.locator('.more').textContent()).toMatch(/the first 2000 of 22500 pair facts were sent/);
    await other.close();
  });

  it('follows a link pasted into the open tab, and Back returns to the previous example', async () => {
    const { page, pick, settled } = ctx();
    await pick(page, 'rules/tree.gdl');
    await pick(page, 'rules/dungeon.gdl');
    const entries = await page.evaluate(() => history.length);
    // Typing replaces the entry: no new history entry per keystroke.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.waitForFunction(() => location.hash.includes('t='));
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // A new #f=… link in the same tab.
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.evaluate(() => (location.hash = '#f=rules/tree.gdl&s=7'));
    await page.waitForFunction(() => document.querySelector('#panel .summary')?.textContent?.startsWith('seed 7:'), null, { timeout: 20_000 });
    expect(await page.inputValue('#examples')).toBe('rules/tree.gdl');
    expect(await page.inputValue('#seed')).toBe('7');
    // Back: the edited dungeon again, still in the playground.
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.goBack();
    await settled(page);
    expect(await page.inputValue('#examples')).toBe('rules/dungeon.gdl');
    expect(page.url()).toContain('f=rules%2Fdungeon.gdl');
    expect(await page.evaluate(() => document.body.dataset['kind'])).toBe('grammar');
    // Back again: the tree grammar picked before it.
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.goBack();
    await settled(page);
    expect(await page.inputValue('#examples')).toBe('rules/tree.gdl');
  });

  it('opens a tree with its root in view (wide and phone-sized) and keeps the gallery open across redraws', async () => {
    const { browser, url, page, pick, settled } = ctx();
    const rootInView = async (p: Page) =>
      p.evaluate(() => {
        const box = document.querySelector('.tree-box')!.getBoundingClientRect();
        const root = document.querySelector('#panel svg.tree g.node[data-id="n"]')!.getBoundingClientRect();
        return root.left >= box.left && root.right <= box.right && root.top >= box.top && root.bottom <= box.bottom;
      });
    await pick(page, 'rules/dungeon.gdl');
    expect(await rootInView(page)).toBe(true);
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${url}#f=rules/dungeon.gdl&s=5`);
    await settled(phone);
    expect(await rootInView(phone)).toBe(true);
    await phone.close();
    // The gallery and check sections stay open when the seed changes.
    await setSection(page, 'gallery', true);
    await setSection(page, 'check', true);
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.locator('#seed-next').click();
    await settled(page);
    expect(await page.locator('details.section[data-section="gallery"]').getAttribute('open')).not.toBeNull();
    expect(await page.locator('details.section[data-section="check"]').getAttribute('open')).not.toBeNull();
    // Closed, they stay closed.
    await setSection(page, 'gallery', false);
    await page.evaluate(() => (document.body.dataset['state'] = 'switching'));
    await page.locator('#seed-prev').click();
    await settled(page);
    expect(await page.locator('details.section[data-section="gallery"]').getAttribute('open')).toBeNull();
    await setSection(page, 'check', false);
  });

  it('lists companion rule files with no entry of their own, and still opens them by link', async () => {
    const { browser, url, page, settled } = ctx();
    const listed = await page.locator('#examples option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    for (const companion of ['rules/mission-checks.gdl', 'rules/items-rules.kif', 'rules/routes.kif']) expect(listed).not.toContain(companion);
    expect(listed).toContain('rules/mission.json');
    const other = await browser.context.newPage();
    await other.goto(`${url}#f=rules/mission-checks.gdl`);
    await settled(other);
    expect(await other.inputValue('#examples')).toBe('rules/mission-checks.gdl');
    expect(await other.locator('.cm-content').textContent()).toContain('Invariants of the graphs');
    await other.close();
  });

  it('draws (cell ROW COL MARK) at its row and column, and says which argument is the row', async () => {
    const { page, pick } = ctx();
    await pick(page, 'games/tictactoe.kif');
    await page.locator('button.step-random').click();
    await page.waitForSelector('.trace table.board');
    // Row 1, column 3 is the first row's third cell.
    expect(await page.locator('.trace table.board tr').nth(0).locator('td').nth(2).getAttribute('title')).toMatch(/^\(cell 1 3 /);
    expect(await page.locator('.trace table.board tr').nth(2).locator('td').nth(0).getAttribute('title')).toMatch(/^\(cell 3 1 /);
    expect(await page.locator('.trace table.board caption').textContent()).toMatch(/rows: the first argument/);
  });

  it('gives every control a target of at least 24 by 24 pixels', async () => {
    const { page, pick } = ctx();
    await pick(page, 'rules/tree.gdl');
    await setSection(page, 'check', true);
    expect(await smallTargets(page)).toEqual([]);
    await setSection(page, 'check', false);
    await pick(page, 'games/tictactoe.kif');
    await page.locator('button.step-random').click();
    await page.waitForSelector('.trace input[type=range]');
    expect(await smallTargets(page)).toEqual([]);
  });

  it('draws every text with a contrast of at least 4.5:1: the editor\'s brackets, ?variables and strings, and grid cells', async () => {
    const { browser, url, page, pick, settled } = ctx();
    await pick(page, 'rules/building.gdl');
    expect(await page.locator('#panel td.neither').count()).toBeGreaterThan(0);
    const low = (await contrasts(page, 'header, .cm-content, #diagnostics, #panel, footer')).filter((c) => c.ratio < 4.5);
    expect(low).toEqual([]);
    const other = await browser.context.newPage();
    await other.goto(url + hashOf('strings.kif', '; a comment\n(name hall "the great hall")\n(<= (called ?r ?n) (name ?r ?n))\n'));
    await settled(other);
    expect(await other.locator('.cm-content span', { hasText: '"the great hall"' }).count()).toBeGreaterThan(0);
    expect((await contrasts(other, '.cm-content')).filter((c) => c.ratio < 4.5)).toEqual([]);
    await other.close();
  });

  it('keeps live regions short (the panel is not one), lists diagnostics as list items, and labels the graph drawing', async () => {
    const { page, pick } = ctx();
    const liveTooLong = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]')]
          .filter((e) => e.getAttribute('aria-live') !== 'off' && (e.textContent ?? '').length > 160)
          .map((e) => `${e.tagName}#${e.id}.${e.className}: ${(e.textContent ?? '').length} chars`),
      );
    await pick(page, 'rules/check-broken.gdl');
    expect(await page.locator('#panel').getAttribute('aria-live')).toBeNull();
    await setSection(page, 'check', true);
    await page.locator('button.check').click();
    await page.waitForSelector('.check-failed', { timeout: 30_000 });
    expect(await liveTooLong()).toEqual([]);
    await setSection(page, 'check', false);
    await pick(page, 'games/broken/unsafe.kif');
    expect(await page.locator('#diagnostics').evaluate((e) => e.tagName)).toBe('UL');
    expect(await page.locator('#diagnostics > *').evaluateAll((es) => es.map((e) => e.tagName))).toEqual(expect.arrayContaining(['LI']));
    expect(await page.locator('#diagnostics > :not(li)').count()).toBe(0);
    expect(await page.locator('#diagnostics > li > button').count()).toBeGreaterThan(0);
    expect(await smallTargets(page)).toEqual([]);
    expect(await liveTooLong()).toEqual([]);
    await pick(page, 'rules/mission.json');
    await page.waitForSelector('#panel svg.graph g.node');
    expect(await page.locator('#panel svg.graph').getAttribute('role')).toBe('img');
    expect(await page.locator('#panel svg.graph').getAttribute('aria-label')).toMatch(/^the generated graph: \d+ nodes?, \d+ edges?; its nodes: /);
    expect(await liveTooLong()).toEqual([]);
  });

  it('says how to leave the editor, and Esc then Tab leaves it (Tab alone indents)', async () => {
    const { page, pick } = ctx();
    await pick(page, 'rules/tree.gdl');
    expect(await page.locator('#editor-hint').isVisible()).toBe(true);
    expect(await page.locator('#editor-hint').textContent()).toMatch(/Esc.*Tab/);
    const inEditor = () => page.evaluate(() => document.activeElement?.closest('#editor') !== null);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    // Leave the editor's text as the example's (the Tab indented a line).
    await pick(page, 'rules/dungeon.gdl');
  });
}
