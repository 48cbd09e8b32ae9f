/**
 * Typed JSON for KIF terms, from their canonical text (one rule for every
 * JSON output that holds terms: tree args and attrs, layer sites, params):
 *
 *   a number        a JSON number, when it is exact: the canonical text is the
 *                   shortest form of a finite double (`3`, `-2`, `0.5`), so
 *                   JSON.parse gives the same number back; any other number
 *                   (`12345678901234567890`, `1e400`, `007`) stays its text,
 *                   a JSON string, so no value ever silently changes
 *   another atom    its canonical text as a JSON string: a symbol as written
 *                   (`gold`), a KIF string with its quotes (`"\"Bob\""`)
 *   a compound      an array [FUNCTOR, TERM...]: `(at 1 2)` is ["at",1,2]
 *                   (compact in long JSON Lines streams; an atom is never an array)
 */
export type TermJson = number | string | [string, ...TermJson[]];

/** The JSON number of an atom's text when it is exactly one, else undefined. */
export function exactNumber(text: string): number | undefined {
  const c = text.charCodeAt(0);
  // a digit or a minus sign first: skips symbols (and `Infinity`, `NaN`) at once
  if (!((c >= 48 && c <= 57) || c === 45)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : undefined;
}

/** An atom's JSON: an exact number, else its text. */
export function atomJson(text: string): number | string {
  return exactNumber(text) ?? text;
}

/** The typed JSON of a term's canonical text (see the module comment). */
export function termJson(text: string): TermJson {
  if (text.charCodeAt(0) !== 40 /* ( */) return atomJson(text);
  const at = { i: 0 };
  const out = compound(text, at);
  if (at.i !== text.length) throw new Error(`not canonical term text: ${text}`);
  return out;
}

/** The compound at `at.i` (an opening parenthesis), `at.i` moved past its closing one. */
function compound(text: string, at: { i: number }): TermJson {
  at.i++;
  const out: [string, ...TermJson[]] = [atomAt(text, at)];
  while (text.charCodeAt(at.i) === 32 /* space */) {
    at.i++;
    out.push(text.charCodeAt(at.i) === 40 ? compound(text, at) : atomJson(atomAt(text, at)));
  }
  if (text.charCodeAt(at.i) !== 41 /* ) */) throw new Error(`not canonical term text: ${text}`);
  at.i++;
  return out;
}

/** The atom's text at `at.i` (a quoted string whole, escapes and all), `at.i` moved past it. */
function atomAt(text: string, at: { i: number }): string {
  const start = at.i;
  let i = start;
  if (text.charCodeAt(i) === 34 /* " */) {
    i++;
    while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 /* \ */ ? 2 : 1;
    i++;
  } else {
    for (let c = text.charCodeAt(i); i < text.length && c !== 32 && c !== 40 && c !== 41; c = text.charCodeAt(++i));
  }
  at.i = i;
  return text.slice(start, i);
}

/** A record of canonical texts (KEY → term text) as KEY → TermJson, in the same key order. */
export function termRecordJson(r: Readonly<Record<string, string>>, keys: readonly string[] = Object.keys(r)): Record<string, TermJson> {
  const out = Object.create(null) as Record<string, TermJson>;
  for (const k of keys) out[k] = termJson(r[k] as string);
  return out;
}
