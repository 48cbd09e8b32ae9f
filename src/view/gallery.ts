/** A gallery of N seeds from the current one (N typed, 1 to 100), each a thumbnail that opens its seed. */
import { h } from './dom.js';
import type { PanelHost } from './view.js';

export const GALLERY_SIZE = 12;
export const GALLERY_MAX = 100;

export function galleryBox<T extends { seed: number | string }>(host: PanelHost, thumb: (item: T) => Node, caption: (item: T) => string, flagged: (item: T) => boolean): HTMLElement {
  const box = h('div', { class: 'gallery' });
  const count = h('input', { type: 'number', min: 1, max: GALLERY_MAX, value: GALLERY_SIZE, 'aria-label': 'number of seeds', class: 'gallery-count' });
  const button = h('button', { type: 'button' }, 'show');
  const show = () => {
    const n = Math.max(1, Math.min(GALLERY_MAX, Math.floor(Number(count.value)) || GALLERY_SIZE));
    count.value = String(n);
    box.replaceChildren('generating…');
    host
      .run('gallery', n)
      .then((v) =>
        box.replaceChildren(
          ...(v as T[]).map((item) =>
            h(
              'button',
              { type: 'button', class: `thumb${flagged(item) ? ' has-violations' : ''}`, onclick: () => host.setSeed(item.seed), title: `open seed ${String(item.seed)}` },
              thumb(item),
              h('span', {}, caption(item)),
            ),
          ),
        ),
      )
      .catch((e: Error) => box.replaceChildren(h('div', { class: 'msg error' }, e.message)));
  };
  button.addEventListener('click', show);
  count.addEventListener('keydown', (ev) => {
    if ((ev as KeyboardEvent).key === 'Enter') show();
  });
  return h('div', {}, h('label', {}, 'seeds from the current one: ', count), ' ', button, box);
}
