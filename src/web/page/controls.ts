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

/** How long the example picker's choice must rest after a key moved it before that example opens. */
const BROWSE_REST_MS = 500;

/**
 * The example picker: a choice made with the mouse (or committed with Enter,
 * or by leaving the picker) opens at once; arrow keys, Page Up/Down, Home, End
 * and typed letters only browse (a closed select changes its value on each),
 * and the example opens once the choice rests: browsing past ten examples
 * opens one and pushes one history entry, not ten.
 */
function wirePicker(page: Page): void {
  const { state, el } = page;
  let browsing = false;
  let restTimer: ReturnType<typeof setTimeout> | undefined;
  /** Open the example chosen (`always`: even when it is the one shown, as a change event asks: its text is loaded afresh). */
  const open = (always = false) => {
    clearTimeout(restTimer);
    browsing = false;
    if (!always && el.picker.value === state.file) return;
    state.file = el.picker.value;
    state.params = {};
    state.kind = '';
    state.chosenKind = '';
    el.kindChoice.value = '';
    page.panel.leaveFile();
    page.editor.setText(page.original() ?? '', state.file);
    page.address.save('push');
  };
  el.picker.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') open();
    else if ((ev.key.length === 1 && ev.key !== ' ') || /^(Arrow|Page)|^(Home|End)$/.test(ev.key)) browsing = true;
  });
  el.picker.addEventListener('change', () => {
    if (!browsing) return open(true);
    clearTimeout(restTimer);
    restTimer = setTimeout(() => open(), BROWSE_REST_MS);
  });
  el.picker.addEventListener('blur', () => {
    if (browsing) open();
  });
}

export function wireControls(page: Page): void {
  const { state, el } = page;
  const host = page.panel.host;
  wirePicker(page);
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
