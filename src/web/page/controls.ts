/** The controls above the editor and the panel: the example picker, "read as", seed, satisfy, share and download. */
import { h } from '../dom.js';
import { readSeed } from '../protocol.js';
import { VIEWS } from '../views/index.js';
import { $ } from './elements.js';
import type { Page } from './page.js';

/** Offer every kind in "read as"; a kind from the link that the page does not offer is not chosen. */
export function setUpKindChoice(page: Page): void {
  const { state, el } = page;
  for (const v of VIEWS) el.kindChoice.append(h('option', { value: v.kind }, v.label));
  if (![...el.kindChoice.options].some((o) => o.value === state.chosenKind)) state.chosenKind = '';
  el.kindChoice.value = state.chosenKind;
  el.kindChoice.addEventListener('change', () => {
    state.chosenKind = el.kindChoice.value;
    state.version++;
    page.diagnostics.changed(performance.now());
    page.address.save('push');
  });
}

export function wireControls(page: Page): void {
  const { state, el } = page;
  const host = page.panel.host;
  el.picker.addEventListener('change', () => {
    state.file = el.picker.value;
    state.params = {};
    state.kind = '';
    state.chosenKind = '';
    el.kindChoice.value = '';
    page.panel.leaveFile();
    page.editor.setText(page.original() ?? '', state.file);
    page.address.save('push');
  });
  const setSeedText = (text: string) => host.setSeed(readSeed(text));
  el.satisfyBox.checked = state.satisfy;
  el.satisfyBox.addEventListener('change', () => {
    state.satisfy = el.satisfyBox.checked;
    page.address.save('push');
    page.panel.run();
  });
  el.seedInput.addEventListener('change', () => setSeedText(el.seedInput.value));
  $('#seed-prev').addEventListener('click', () => host.setSeed(typeof state.seed === 'number' ? state.seed - 1 : 0));
  $('#seed-next').addEventListener('click', () => host.setSeed(typeof state.seed === 'number' ? state.seed + 1 : 0));
  $('#seed-random').addEventListener('click', () => host.setSeed(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000));
  $('#share').addEventListener('click', () => {
    page.address.save();
    setTimeout(() => {
      void navigator.clipboard?.writeText(location.href).then(
        () => page.say('link copied'),
        () => page.say('copy the address bar: it holds the text, seed and params'),
      );
    }, 250);
  });
  $('#download-text').addEventListener('click', () => host.download(state.file.split('/').pop() ?? 'rules.gdl', page.editor.text(), 'text/plain'));
}
