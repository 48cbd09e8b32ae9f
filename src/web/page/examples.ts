/** The examples the page offers: the bundled ones and the files `gramlog serve` was given, in the picker by folder. */
import { h } from '../dom.js';

export interface Example {
  name: string;
  text: string;
  /** A companion rule file (checks of another example, or rules that need bulk facts): loadable by link, not listed. */
  companionOf?: string;
}

async function fetchJson<T>(url: string, fallback: T): Promise<T> {
  try {
    const r = await fetch(url);
    return r.ok ? ((await r.json()) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The served files first, then the bundled examples of other names. */
export async function loadExamples(): Promise<{ all: Example[]; served: Example[] }> {
  const [examples, served] = await Promise.all([fetchJson<Example[]>('examples.json', []), fetchJson<Example[]>('files.json', [])]);
  return { all: [...served, ...examples.filter((e) => !served.some((s) => s.name === e.name))], served };
}

/** Fill the picker, one group per folder ('your files' for served ones); companions are listed only when they are the file shown. */
export function fillPicker(picker: HTMLSelectElement, all: readonly Example[], served: readonly Example[], file: string): void {
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const e of all) {
    if (e.companionOf !== undefined && e.name !== file) continue;
    const group = served.includes(e) ? 'your files' : e.name.split('/').slice(0, -1).join('/') || '.';
    let g = groups.get(group);
    if (!g) {
      g = h('optgroup', { label: group });
      groups.set(group, g);
      picker.append(g);
    }
    g.append(h('option', { value: e.name }, e.name));
  }
  if (!all.some((e) => e.name === file)) picker.prepend(h('option', { value: file }, file));
  picker.value = file;
}
