/**
 * The page half of the generic style panel (its worker half:
 * panels/style.ts): a style without a view of its own shows its artifact as
 * text, with its violations.
 */
import { h } from '../dom.js';
import type { StyleData } from '../panels/style.js';
import type { PanelView } from '../../view/view.js';

/** The generic view of files of kind `kind` (a style of the registry). */
export function styleView(kind: string): PanelView<StyleData> {
  return {
    kind,
    label: kind,
    controls: { seed: true, params: true, gallery: false, check: false },
    render(data, host) {
      host.root.append(
        h('div', { class: 'summary' }, `${data.title}, seed ${String(data.seed)}${data.violations.length > 0 ? `: ${data.violations.length} violation(s)` : ''}`),
        h('pre', { class: 'artifact' }, data.text),
      );
    },
  };
}
