/**
 * A long list drawn a chunk at a time: the first CHUNK items, then a button
 * that draws the next chunk, and a line that says how many are not drawn yet
 * (and how many the worker did not send at all), so a 45,000-answer query
 * does not freeze the page and nothing is cut silently.
 */
import { h } from '../dom.js';

export const CHUNK = 200;

/**
 * A `ul.facts` of `items` (CHUNK at a time) and a note under it; `total` is
 * how many there are in all (more than `items.length` when the worker cut the
 * list), `noun` what they are.
 */
export function longList(items: readonly string[], total: number, noun: string): HTMLElement {
  const list = h('ul', { class: 'facts' });
  const note = h('div', { class: 'more' });
  let shown = 0;
  const more = h('button', { type: 'button', class: 'show-more' });
  const drawMore = () => {
    const end = Math.min(items.length, shown + CHUNK);
    const frag = document.createDocumentFragment();
    for (let i = shown; i < end; i++) frag.append(h('li', {}, items[i]!));
    list.append(frag);
    shown = end;
    const notDrawn = items.length - shown;
    const notSent = total - items.length;
    more.textContent = `show ${Math.min(CHUNK, notDrawn)} more`;
    more.hidden = notDrawn === 0;
    const parts = [];
    if (notDrawn > 0) parts.push(`…and ${notDrawn} more (${shown} of ${total} shown)`);
    if (notSent > 0) parts.push(`${notDrawn > 0 ? '' : `…and ${notSent} more: `}the first ${items.length} of ${total} ${noun} were sent to the page`);
    note.replaceChildren(parts.join('; '), ' ', more);
    note.hidden = parts.length === 0;
  };
  more.addEventListener('click', drawMore);
  drawMore();
  return h('div', { class: 'long-list' }, list, note);
}
