/**
 * The `gramlog generate` command that replays a counterexample:
 *
 *   gramlog generate rules/check-broken.gdl --seed 0 --param houses=4
 *   gramlog generate rules/dungeon.gdl --seed 7 --choose n/0=room
 *   gramlog generate rules/dungeon.gdl --seed 7 --choices n/0=room,n/1=tArea,n/1/0=room
 *
 * Two or more forced choices go in one `--choices` list (KEY=VALUE entries
 * joined by commas; a comma inside parentheses or a "string", as in a layer
 * site `tree:(at 1,2)`, does not separate), not a `--choose` flag each: the
 * short form `gramlog generate` reads back to the same choices
 * (splitChoices), so replaying reproduces the counterexample.
 */
import type { ParamValues } from './artifact.js';

export interface Counterexample {
  seed: number;
  params: ParamValues;
  /** Forced choices of the shrunk artifact (grammar PATH → RULE, layers `LAYER:KEY` → on/off). */
  choose?: Readonly<Record<string, string>>;
}

/**
 * The arguments after FILE: `--seed S`, one `--param KEY=VALUE` per param,
 * then the overrides, keys sorted: one `--choose K=V`, or one `--choices
 * K=V,K=V...` for two or more (an entry that would split there, with a comma
 * of its own at the top level, keeps a `--choose` of its own).
 */
export function replayArgs(cx: Counterexample): string[] {
  const args = ['--seed', String(cx.seed)];
  for (const key of Object.keys(cx.params).sort()) args.push('--param', `${key}=${String(cx.params[key])}`);
  const entries = Object.keys(cx.choose ?? {})
    .sort()
    .map((key) => `${key}=${String(cx.choose?.[key])}`);
  const listed = entries.filter((e) => splitChoices(e).length === 1 && splitChoices(e)[0] === e);
  if (listed.length >= 2) args.push('--choices', listed.join(','));
  for (const e of entries) if (listed.length < 2 || !listed.includes(e)) args.push('--choose', e);
  return args;
}

/**
 * The entries of a `--choices` list: split at each comma outside parentheses
 * and double-quoted strings (a backslash escapes the next character of a
 * string); entries are trimmed, empty ones (a trailing comma) dropped.
 */
export function splitChoices(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((e) => e.trim()).filter((e) => e !== '');
}

/** The whole command, quoted for a POSIX shell. */
export function replayCommand(file: string, cx: Counterexample, program = 'gramlog'): string {
  return [program, 'generate', file, ...replayArgs(cx)].map(shellQuote).join(' ');
}

/** A word as a POSIX shell reads it back unchanged. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=,+@%-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
