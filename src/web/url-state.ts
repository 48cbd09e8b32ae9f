/**
 * What the URL's fragment holds, so a link shows the same thing: the file
 * name, the text (only when it differs from the bundled example of that
 * name), the seed and the params.
 *
 *   #f=rules/tree.gdl&s=3&p=height%3D4
 *   #f=mine.gdl&t=<base64url of the UTF-8 text>&s=0
 *   #f=rules/map.gdl&s=1&sat=1          (the satisfy switch on)
 */
export interface UrlState {
  file?: string;
  text?: string;
  seed?: string;
  params: Record<string, string>;
  /** The satisfy switch (`--satisfy`). */
  satisfy?: boolean;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): string {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function readUrlState(hash: string): UrlState {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const out: UrlState = { params: {} };
  const f = q.get('f');
  if (f) out.file = f;
  const t = q.get('t');
  if (t !== null) {
    try {
      out.text = fromBase64Url(t);
    } catch {
      // A damaged link: show the example instead.
    }
  }
  const s = q.get('s');
  if (s !== null) out.seed = s;
  for (const p of q.getAll('p')) {
    const eq = p.indexOf('=');
    if (eq > 0) out.params[p.slice(0, eq)] = p.slice(eq + 1);
  }
  if (q.get('sat') === '1') out.satisfy = true;
  return out;
}

export function writeUrlState(state: UrlState): string {
  const q = new URLSearchParams();
  if (state.file) q.set('f', state.file);
  if (state.text !== undefined) q.set('t', toBase64Url(state.text));
  if (state.seed !== undefined) q.set('s', state.seed);
  for (const [k, v] of Object.entries(state.params)) q.append('p', `${k}=${v}`);
  if (state.satisfy) q.set('sat', '1');
  return '#' + q.toString();
}
