/**
 * axe-core (the npm package, injected into the page under test) for the
 * Chromium tests: the violations of a page, as `impact rule: count, first
 * element` lines that a failing test prints.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Rules the playground once broke at a lower impact than serious: held at zero whatever their impact. */
export const NAMED_RULES = ['aria-allowed-role', 'empty-table-header', 'heading-order', 'label-content-name-mismatch', 'scrollable-region-focusable', 'target-size', 'nested-interactive'];

/** axe's violations on the page as it is now: every serious or critical one, and any of NAMED_RULES. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (named) => {
    type Result = { id: string; impact: string | null; nodes: Array<{ html: string; failureSummary?: string }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || named.includes(v.id))
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length}, e.g. ${v.nodes[0]!.html.slice(0, 120)}`);
  }, NAMED_RULES);
}
