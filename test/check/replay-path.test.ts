/**
 * A replay path (`--path`, `options.path`) that names no run of the check:
 * a run index past `runs` (fast-check would first draw that many values:
 * 99999999999999999999 ran forever), or shrink steps that lead nowhere
 * (fast-check's "Unable to replay"). Both replay no run: `runs: 0`, which the
 * CLI reports as a usage error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProperties } from '../../src/check/index.js';
import { replaysNoRun } from '../../src/generate/replay-path.js';
import { blueprintsStyle } from '../../src/generate/blueprints/style.js';

const broken = readFileSync('rules/check-broken.gdl', 'utf8');

describe('replay paths that name no run', () => {
  it('replaysNoRun: a run index at or past runs; well-formed paths only', () => {
    expect(replaysNoRun('4', 5)).toBe(false);
    expect(replaysNoRun('4:0:2', 5)).toBe(false);
    expect(replaysNoRun('5', 5)).toBe(true);
    expect(replaysNoRun('99999999999999999999:1', 5)).toBe(true);
    expect(replaysNoRun('x', 5)).toBe(false);
  });

  it('checkProperties: a run past runs, or shrink steps that lead nowhere, replay nothing', () => {
    expect(checkProperties(broken, { runs: 5, seed: 0, path: '99999999999999999999' })).toMatchObject({ ok: true, runs: 0 });
    expect(checkProperties(broken, { runs: 5, seed: 0, path: '1:0:5:99999999999999999999' })).toMatchObject({ ok: true, runs: 0 });
    // the path a failing check prints still replays its counterexample
    const failed = checkProperties(broken, { runs: 5, seed: 0 });
    expect(failed.ok).toBe(false);
    const again = checkProperties(broken, { runs: 5, seed: 0, path: failed.path as string });
    expect(again.counterexample).toEqual(failed.counterexample);
  });

  it('checkProperties over a blueprint entry (Style.entrySource): the same', () => {
    const items = { file: 'rules/items.bp', text: readFileSync('rules/items.bp', 'utf8') };
    const rules = { file: 'rules/items-rules.kif', text: readFileSync('rules/items-rules.kif', 'utf8') };
    const g = blueprintsStyle.compile([items, rules]).grammar as NonNullable<ReturnType<typeof blueprintsStyle.compile>['grammar']>;
    const entry = blueprintsStyle.entrySource?.(g, 'MagicalWeapon') as object;
    expect(checkProperties(entry, { runs: 5, seed: 0, path: '99999999999999999999' })).toMatchObject({ ok: true, runs: 0 });
    expect(checkProperties(entry, { runs: 5, seed: 0, path: '0:7:7:7:99:99' })).toMatchObject({ ok: true, runs: 0 });
  });
});
