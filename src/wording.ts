/**
 * Messages that name an option carry the option as data, not as text: a
 * message is a list of parts, each a piece of text or `{ option }`, and each
 * reader words the options its own way. The library's words (`message` of a
 * GramlogError or a Diagnostic, the JSON outputs) name the API's option
 * (`maxFacts`); the command line and the language server, which shows the
 * command line's words, name the flag (`--max-facts N`). A leaf below the
 * errors, the CLI and the language server, so none imports another for it.
 *
 *   message`raise the limit with ${option('maxFacts', 'value')}`
 *     api: raise the limit with maxFacts
 *     cli: raise the limit with --max-facts N
 */

/** The options library messages name. */
export type OptionName = 'maxFacts' | 'solverAtoms';

/** An option a message names. */
export interface OptionPart {
  readonly option: OptionName;
  /**
   * How the command line names it: the flag alone (default), or with its
   * value (`value`: `--max-facts N`). `either`: the flag with its value on the
   * command line, and both spellings in the library's words (`--solver-atoms
   * N, or the solverAtoms option`), for a hint a JSON reader may follow either way.
   */
  readonly form?: 'value' | 'either';
}

export type MessagePart = string | OptionPart;

/** Whose words: the library's (API, JSON) or the command line's (CLI, language server). */
export type Words = 'api' | 'cli';

const FLAGS: Readonly<Record<OptionName, string>> = { maxFacts: '--max-facts', solverAtoms: '--solver-atoms' };

/** An option as a part of a message. */
export function option(name: OptionName, form?: OptionPart['form']): OptionPart {
  return form ? { option: name, form } : { option: name };
}

function wordOption(part: OptionPart, words: Words): string {
  const flag = FLAGS[part.option];
  if (words === 'cli') return part.form ? `${flag} N` : flag;
  return part.form === 'either' ? `${flag} N, or the ${part.option} option` : part.option;
}

/** A message's parts in `words`. */
export function wordMessage(parts: readonly MessagePart[], words: Words): string {
  return parts.map((p) => (typeof p === 'string' ? p : wordOption(p, words))).join('');
}

/**
 * A message as parts, from a template: text and numbers as text, an option
 * (`option(...)`) or another message's parts (`partsOf(e)`) kept as data.
 */
export function message(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | OptionPart | readonly MessagePart[]>): MessagePart[] {
  const out: MessagePart[] = [];
  const text = (s: string): void => {
    if (s === '') return;
    const last = out[out.length - 1];
    if (typeof last === 'string') out[out.length - 1] = last + s;
    else out.push(s);
  };
  strings.forEach((s, i) => {
    text(s);
    if (i >= values.length) return;
    const v = values[i] as string | number | OptionPart | readonly MessagePart[];
    if (typeof v === 'string' || typeof v === 'number') text(String(v));
    else if (Array.isArray(v)) for (const p of v as readonly MessagePart[]) typeof p === 'string' ? text(p) : out.push(p);
    else out.push(v as OptionPart);
  });
  return out;
}

/** A message's parts: its own when it has options as data, else its text. */
export function partsOf(m: { readonly message: string; readonly parts?: readonly MessagePart[] | undefined }): readonly MessagePart[] {
  return m.parts ?? [m.message];
}

/** What a reader shows of a message (a diagnostic, an error): its parts in `words`, else its text. */
export function worded(m: { readonly message: string; readonly parts?: readonly MessagePart[] | undefined }, words: Words): string {
  return m.parts ? wordMessage(m.parts, words) : m.message;
}
