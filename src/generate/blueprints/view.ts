/**
 * The page half of the blueprint panel (its worker half: ./playground.ts, the style's playground part; the page lists it by kind in src/web/views/index.ts):
 * each mastered blueprint as a card, nested masters as expandable cards,
 * lists inline; a card's seeds side by side; a JSON download.
 */
import type { Master, Value } from './index.js';
import { h, messageLine } from '../../view/dom.js';
import { withFormat } from '../../json/formats.js';
import type { BlueprintCard, BlueprintsData } from './playground.js';
import type { PanelHost, PanelView } from '../../view/view.js';

function isMaster(v: Value): v is Master {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'properties' in v;
}

function valueView(v: Value, depth: number): Node {
  if (isMaster(v)) return masterCard(v, depth + 1, false);
  if (Array.isArray(v)) return h('span', { class: 'bp-list' }, '[', ...(v as Value[]).flatMap((x, i) => [i > 0 ? ', ' : '', valueView(x, depth)]), ']');
  return h('span', { class: typeof v === 'number' ? 'bp-number' : 'bp-string' }, typeof v === 'string' ? JSON.stringify(v) : String(v));
}

function masterTitle(m: Master): string {
  return [m.blueprint, m.factory ? `from ${m.factory}` : '', m.mods && m.mods.length > 0 ? `mods ${m.mods.join(', ')}` : ''].filter((x) => x).join(' · ');
}

/** A master as a card; nested ones (depth > 0) start closed. */
function masterCard(m: Master, depth: number, open: boolean): HTMLElement {
  const rows = Object.entries(m.properties).map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, valueView(v, depth))));
  return h('details', { class: `bp-card depth-${Math.min(depth, 3)}`, open: open || depth === 0 }, h('summary', {}, masterTitle(m)), h('table', {}, ...rows));
}

function cardView(c: BlueprintCard, host: PanelHost): HTMLElement {
  if (c.error) return h('div', { class: 'bp-card failed' }, h('div', { class: 'bp-key' }, c.key), messageLine({ severity: 'error', ...c.error }, host.reveal));
  const seeds = h('div', { class: 'bp-seeds' });
  const more = h('button', { type: 'button', class: 'bp-more', title: `master ${c.key} with the next seeds` }, 'seeds…');
  more.addEventListener('click', () => {
    seeds.replaceChildren('mastering…');
    host
      .run('gallery', { key: c.key, count: 6 })
      .then((v) => seeds.replaceChildren(...(v as Array<BlueprintCard & { seed: number }>).map((x) => h('div', { class: 'bp-seed' }, h('button', { type: 'button', onclick: () => host.setSeed(x.seed) }, `seed ${x.seed}`), x.master ? masterCard(x.master, 1, true) : x.error?.message ?? ''))))
      .catch((e: Error) => seeds.replaceChildren(h('div', { class: 'msg error' }, e.message)));
  });
  return h('div', { class: 'bp-card-box' }, masterCard(c.master!, 0, true), more, seeds);
}

export const blueprintsView: PanelView<BlueprintsData> = {
  kind: 'blueprints',
  label: 'blueprints',
  controls: { seed: true, params: false, gallery: false, check: false },
  render(data, host) {
    const failed = data.cards.filter((c) => c.error).length;
    host.root.append(
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${data.cards.length} blueprints and factories mastered${failed ? `, ${failed} failed` : ''}`),
      h('div', { class: 'bp-cards' }, ...data.cards.map((c) => cardView(c, host))),
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`masters-${String(data.seed)}.json`, data.cards.filter((c) => c.master).map((c) => JSON.stringify(withFormat('master', c.master as Master))).join('\n') + '\n', 'application/json') }, 'JSON'),
      ),
    );
  },
};
