/**
 * The `gramlog generate` command that replays a counterexample:
 *
 *   gramlog generate rules/check-broken.gdl --seed 0 --param houses=4
 *   gramlog generate rules/dungeon.gdl --seed 7 --choose n/0=room --choose n/1=tArea
 */
import type { ParamValues } from './artifact.js';

export interface Counterexample {
  seed: number;
  params: ParamValues;
  /** Forced choices of the shrunk artifact (grammar PATH → RULE, layers `LAYER:KEY` → on/off). */
  choose?: Readonly<Record<string, string>>;
}

/** The arguments after FILE: `--seed S`, one `--param KEY=VALUE` per param, then one `--choose K=V` per override, keys sorted. */
export function replayArgs(cx: Counterexample): string[] {
  const args = ['--seed', String(cx.seed)];
  for (const key of Object.keys(cx.params).sort()) args.push('--param', `${key}=${String(cx.params[key])}`);
  for (const key of Object.keys(cx.choose ?? {}).sort()) args.push('--choose', `${key}=${String(cx.choose?.[key])}`);
  return args;
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
