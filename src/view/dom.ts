/** Small helpers to build DOM and SVG elements (page side only). */

type Attrs = Record<string, string | number | boolean | undefined | ((ev: Event) => void)>;
type Child = Node | string | number | null | undefined | false;

function apply(el: Element, attrs: Attrs, children: Child[]): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v as EventListener);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? c : String(c));
  }
}

/** An HTML element: h('button', {class: 'x', onclick: f}, 'label'). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element. */
export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  apply(el, attrs, children);
  return el;
}

/** Whether each section (by title) was last left open or closed: a redraw keeps it so. */
const sectionOpen = new Map<string, boolean>();

/**
 * A heading and a collapsible section (details/summary: keyboard-usable as it
 * is). It opens as the user last left a section of that title (`open` the
 * first time), so a redraw (a new seed, an edit) does not close it.
 */
export function section(title: string, open: boolean, ...children: Child[]): HTMLDetailsElement {
  const d = h('details', { class: 'section', open: sectionOpen.get(title) ?? open, 'data-section': title }, h('summary', {}, title), ...children);
  d.addEventListener('toggle', () => sectionOpen.set(title, d.open));
  return d;
}

/** `1 layer`, `2 layers`: a count with its noun in the right number. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A located message line: `line:col: severity[code]: message`, clickable when it has a place. */
export function messageLine(
  m: { code: string; severity: string; message: string; line?: number | undefined; column?: number | undefined },
  reveal: (line: number, column?: number) => void,
): HTMLElement {
  const where = m.line !== undefined ? `${m.line}:${m.column ?? 1}: ` : '';
  const text = `${where}${m.severity}[${m.code}]: ${m.message}`;
  if (m.line === undefined) return h('div', { class: `msg ${m.severity}` }, text);
  const line = m.line;
  return h('button', { class: `msg ${m.severity} link`, type: 'button', onclick: () => reveal(line, m.column) }, text);
}
