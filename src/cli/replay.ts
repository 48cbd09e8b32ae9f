/**
 * `--choose` and `--replay FILE` of `gramlog generate`: forced choices that,
 * with the seed and params, reproduce one artifact exactly (the shrunk
 * counterexamples `gramlog check` prints).
 *
 *   --choose PATH=RULE          a grammar node's rule (n, n/0, n/0/1, ...)
 *   --choose LAYER:KEY=on|off   a layer's base bit at a site
 *   --choices K=V,K=V,...       several at once (the short form check prints)
 *   --replay FILE               {"seed": S, "params": {KEY: VALUE}, "choose": {PATH: RULE}}
 *                               (the "counterexample" object of `gramlog check --json`)
 *
 * A malformed option or replay file, or an override the file does not allow,
 * is a usage error (exit 2) naming the option or the JSON path.
 */
import { isChooseError } from '../generate/style.js';
import { listOpt, stringOpt, type Parsed } from './args.js';
import { UsageError, type Io } from './io.js';
import { record } from '../data/records.js';
import { pushAll } from '../arrays.js';
import { splitChoices } from '../check/replay.js';

export const CHOOSE_OPTIONS = {
  choose: { type: 'string', multiple: true },
  choices: { type: 'string', multiple: true },
  replay: { type: 'string' },
} as const;

export const CHOOSE_HELP = `      --choose PATH=RULE  force the rule of the grammar node at PATH (n, n/0,
                        n/0/1, ...; a rule of its nonterminal that the file's
                        pre-selectors allow there); on a layer file
                        LAYER:KEY=on|off forces that base bit. Repeatable
      --choices LIST    several --choose at once, KEY=VALUE entries joined by
                        commas (a comma inside parentheses or a "string" does
                        not separate): the short form gramlog check prints
      --replay FILE     seed, params and choices from a JSON file
                        {"seed", "params", "choose"}, e.g. the "counterexample"
                        of gramlog check --json`;

export interface Replay {
  seed?: number | string;
  params: Record<string, string>;
  /** Override texts as --choose takes them. */
  choose: string[];
}

/** The replay file (when given) and the --choose options. */
export function readReplay(args: Parsed, io: Io): Replay {
  const out: Replay = { params: record(), choose: [] };
  const file = stringOpt(args, 'replay');
  if (file !== undefined) {
    const text = io.readFile(file);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file}: not JSON: ${(e as Error).message}`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new UsageError(`${file}: $: expected an object {"seed", "params", "choose"}`);
    const o = json as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!['seed', 'params', 'choose'].includes(k)) throw new UsageError(`${file}: $.${k}: unknown key (a replay file has seed, params, choose)`);
    if (o.seed !== undefined) {
      if (typeof o.seed !== 'number' && typeof o.seed !== 'string') throw new UsageError(`${file}: $.seed: expected a number or a string`);
      out.seed = o.seed;
    }
    for (const [key, what] of [['params', 'KEY → VALUE'], ['choose', 'PATH → RULE']] as const) {
      const v = o[key];
      if (v === undefined) continue;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UsageError(`${file}: $.${key}: expected an object of ${what}`);
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (typeof x !== 'string' && typeof x !== 'number') throw new UsageError(`${file}: $.${key}.${k}: expected a string or a number`);
        if (key === 'params') out.params[k] = String(x);
        else out.choose.push(`${k}=${String(x)}`);
      }
    }
  }
  for (const list of listOpt(args, 'choices')) pushAll(out.choose, splitChoices(list));
  pushAll(out.choose, listOpt(args, 'choose'));
  return out;
}

/** Run `f`; an override the file does not allow (a GramlogError with a choose code) becomes a usage error. */
export function withChoices<T>(command: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isChooseError(e)) throw new UsageError(`gramlog ${command}: ${(e as Error).message}`);
    throw e;
  }
}
