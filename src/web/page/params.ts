/** The params form: one text field per param of the file; a change re-runs the panel and pushes a history entry. */
import { h } from '../dom.js';
import type { Page } from './page.js';

export interface ParamsForm {
  /** Show the file's params (name, default) when the kind has params; redrawn only when the list changes. */
  render(list: Array<[string, string]>, show: boolean): void;
}

export function createParamsForm(page: Page): ParamsForm {
  const form = page.el.paramsForm;
  return {
    render(list, show) {
      const key = JSON.stringify(list);
      if (form.dataset.key === key && !form.hidden === show) return;
      form.dataset.key = key;
      form.hidden = !show || list.length === 0;
      form.replaceChildren(
        h('legend', {}, 'params'),
        ...list.map(([k, v]) => {
          const input = h('input', { type: 'text', name: k, value: page.state.params[k] ?? v, size: 6, 'aria-label': `param ${k}` });
          input.addEventListener('change', () => {
            if (input.value.trim() === '' || input.value.trim() === v) delete page.state.params[k];
            else page.state.params[k] = input.value.trim();
            page.address.save('push');
            page.panel.schedule(0);
          });
          return h('label', {}, `${k} `, input);
        }),
      );
    },
  };
}
