/**
 * Argument parsing for every command, on node:util's parseArgs, with errors
 * turned into UsageErrors (exit 2) that name the command.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from '../did-you-mean.js';
import { UsageError } from './io.js';

export type OptionSpec = Record<
  string,
  { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean | string[] }
>;

/** Options every command takes (main.ts acts on them before the command runs). */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'max-input': { type: 'string' },
  'max-memory': { type: 'string' },
} as const satisfies OptionSpec;

/** The lines every command's --help ends with, for the common options. */
export const COMMON_HELP = `common options (every command):
      --max-input SIZE  refuse a file larger than SIZE (bytes, or with K, M, G:
                        64M, 1G); default 64M, or the environment variable
                        GRAMLOG_MAX_INPUT. A file named - is read from stdin.
      --max-memory SIZE stop a generation (any style, also inside check) with
                        error[generate/memory] when the heap holds more than
                        SIZE; default 70% of Node's heap limit, or the
                        environment variable GRAMLOG_MAX_MEMORY.
`;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function parseCommandArgs(command: string, argv: string[], options: OptionSpec): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: joinNegativeNumbers(argv, { ...options, ...COMMON_OPTIONS }),
      options: { ...options, ...COMMON_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (e) {
    const err = e as Error & { code?: string };
    const unknown = /^Unknown option '(-[^']*)'/.exec(err.message);
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
      const given = unknown[1] as string;
      const names = Object.keys({ ...options, ...COMMON_OPTIONS }).map((n) => `--${n}`);
      throw new UsageError(`gramlog ${command}: unknown option '${given}'${didYouMean(given.replace(/=.*$/, ''), names)}`);
    }
    throw new UsageError(`gramlog ${command}: ${err.message.replace(/\.?\s*(Did you forget|To specify).*$/s, '')}`);
  }
}

/** `--seed -5` as `--seed=-5`: a negative number after an option that takes a value is that value. */
function joinNegativeNumbers(argv: string[], options: OptionSpec): string[] {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (spec.short) takesValue.add(`-${spec.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = argv[i + 1];
    if (takesValue.has(a) && next !== undefined && /^-\d/.test(next)) {
      out.push(a.startsWith('--') ? `${a}=${next}` : `${a}${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function stringOpt(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function listOpt(p: Parsed, name: string): string[] {
  const v = p.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

export function boolOpt(p: Parsed, name: string): boolean {
  return p.values[name] === true;
}

/** An integer option within [min, max], or the default. */
export function intOpt(p: Parsed, command: string, name: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const v = stringOpt(p, name);
  if (v === undefined) return def;
  if (!/^-?\d+$/.test(v.trim())) throw new UsageError(`gramlog ${command}: --${name} takes a whole number, not '${v}'`);
  const n = Number(v);
  if (n < min || n > max) throw new UsageError(`gramlog ${command}: --${name} must be between ${min} and ${max}, not ${n}`);
  return n;
}
