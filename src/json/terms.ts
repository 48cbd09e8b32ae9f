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
  let i = 0;
  const parse = (): TermJson => {
    if (text[i] === '(') {
      i++;
      const functor = atom();
      const args: [string, ...TermJson[]] = [functor];
      while (text[i] === ' ') {
        i++;
        args.push(parse());
      }
      if (text[i] !== ')') throw new Error(`not canonical term text: ${text}`);
      i++;
      return args;
    }
    return atomJson(atom());
  };
  const atom = (): string => {
    const start = i;
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else while (i < text.length && text[i] !== ' ' && text[i] !== '(' && text[i] !== ')') i++;
    return text.slice(start, i);
  };
  const out = parse();
  if (i !== text.length) throw new Error(`not canonical term text: ${text}`);
  return out;
}

/** A record of canonical texts (KEY → term text) as KEY → TermJson, in the same key order. */
export function termRecordJson(r: Readonly<Record<string, string>>, keys: readonly string[] = Object.keys(r)): Record<string, TermJson> {
  const out = Object.create(null) as Record<string, TermJson>;
  for (const k of keys) out[k] = termJson(r[k] as string);
  return out;
}
