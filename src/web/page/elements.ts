/** The page's fixed elements (in index.html), found once. */
export interface PageElements {
  picker: HTMLSelectElement;
  status: HTMLElement;
  diagList: HTMLElement;
  badge: HTMLElement;
  kindChoice: HTMLSelectElement;
  panelRoot: HTMLElement;
  seedInput: HTMLInputElement;
  satisfyBox: HTMLInputElement;
  paramsForm: HTMLElement;
  seedControls: HTMLElement;
  editor: HTMLElement;
}

export const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

export function findElements(): PageElements {
  return {
    picker: $<HTMLSelectElement>('#examples'),
    status: $('#status'),
    diagList: $('#diagnostics'),
    badge: $('#kind'),
    kindChoice: $<HTMLSelectElement>('#kind-choice'),
    panelRoot: $('#panel'),
    seedInput: $<HTMLInputElement>('#seed'),
    satisfyBox: $<HTMLInputElement>('#satisfy'),
    paramsForm: $('#params'),
    seedControls: $('#seed-controls'),
    editor: $('#editor'),
  };
}
