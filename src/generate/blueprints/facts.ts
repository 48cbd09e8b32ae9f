/**
 * The library as Datalog (KIF text): the engine evaluates it once per library
 * to answer every domain set; `gramlog query FILE.bp` loads the same text.
 *
 *   (blueprint B) (mod M) (factory F)        every definition (a factory as the string "{NAME}")
 *   (parent B P)                             @blueprint B : P
 *   (declares B DOMAIN KW)                   @domain DOMAIN = KW / += KW (a mod: MODS)
 *   (replaces B DOMAIN)                      @domain DOMAIN = ... (inherited keywords dropped)
 *   (property B KEY)                         B sets KEY itself
 *   (abstract B)                             @abstract: B is in no domain set
 *   (keyword B DOMAIN KW)                    derived: own, or inherited unless replaced
 *   (ancestor B A)                           derived: A is a parent, grandparent, ...
 *   (hasproperty B KEY)                      derived: B has KEY, own or inherited
 *   (inset "[DOMAIN: kw !kw]" B)             derived: B is in that domain set
 */
import { GramlogError, type Span } from '../../errors.js';
import { quoteString } from '../../program/terms.js';
import { MODS, type DomainDecl } from './ast.js';
import type { Definition } from './types.js';
import { pushAll } from '../../arrays.js';

/** The canonical text of a domain set, `[school: water !storm]`: its identity. */
export function setKey(domain: string, include: readonly string[], exclude: readonly string[]): string {
  return `[${domain}: ${[...include, ...exclude.map((k) => '!' + k)].join(' ')}]`;
}

const RULES = `
(<= (keyword ?b ?d ?k) (declares ?b ?d ?k))
(<= (keyword ?b ?d ?k) (parent ?b ?p) (keyword ?p ?d ?k) (not (replaces ?b ?d)))
(<= (ancestor ?b ?p) (parent ?b ?p))
(<= (ancestor ?b ?a) (parent ?b ?p) (ancestor ?p ?a))
(<= (hasproperty ?b ?k) (property ?b ?k))
(<= (hasproperty ?b ?k) (parent ?b ?p) (hasproperty ?p ?k))
`;

/** Names KIF reads as keywords, not constants. */
const KIF_KEYWORDS: ReadonlySet<string> = new Set(['<=', 'not', 'or', 'distinct']);

/**
 * A user's name (a definition key, a domain, a keyword, a property key) as a
 * KIF term: the name itself when KIF reads it as that constant, else a string
 * (a factory's `{NAME}`: braces are not KIF name characters; a keyword `or`).
 */
export function kifName(name: string): string {
  return KIF_CONSTANT.test(name) && !KIF_KEYWORDS.has(name) ? name : quoteString(name);
}

/** A KIF constant, as src/syntax/lexer.ts reads one. */
const KIF_CONSTANT = /^[^\s()";?{}[\],'|#`\x00-\x1f\x7f-\x9f][^\s()";{}[\],'|#`\x00-\x1f\x7f-\x9f]*$/;
const keyTerm = kifName;

/**
 * The library's facts and rules as KIF text. `spans`, when given, receives for
 * each line of the text the place in the user's .bp file it comes from
 * (undefined for the fixed rules), so that an error the engine reports in the
 * generated text can point at what the user wrote (userSpan).
 */
export function libraryFactsText(
  defs: ReadonlyMap<string, Definition>,
  sets: ReadonlyArray<{ domain: string; include: readonly string[]; exclude: readonly string[]; span?: Span }>,
  spans?: Array<Span | undefined>,
): string {
  const lines: string[] = ['; the blueprint library as facts (generated)'];
  const at: Array<Span | undefined> = [undefined];
  const line = (text: string, span: Span | undefined): void => {
    lines.push(text);
    at.push(span);
  };
  for (const d of defs.values()) {
    const k = keyTerm(d.key);
    line(`(${d.kind} ${k})`, d.block.nameSpan);
    if (d.parent) line(`(parent ${k} ${keyTerm(d.parent.key)})`, d.block.parentSpan ?? d.block.nameSpan);
    for (const [domain, own] of ownDomains(d.block.domains)) {
      const span = d.block.domains.find((x) => x.domain === domain)?.span ?? d.block.nameSpan;
      if (own.replaces) line(`(replaces ${k} ${kifName(domain)})`, span);
      for (const kw of own.keywords) line(`(declares ${k} ${kifName(domain)} ${kifName(kw)})`, span);
    }
    for (const p of d.block.properties) line(`(property ${k} ${kifName(p.key)})`, p.keySpan);
    if (d.block.abstract) line(`(abstract ${k})`, d.block.abstract);
  }
  for (const r of RULES.split('\n')) line(r, undefined);
  const seen = new Set<string>();
  for (const s of sets) {
    const key = setKey(s.domain, s.include, s.exclude);
    if (seen.has(key)) continue;
    seen.add(key);
    const body = [s.domain === MODS ? '(mod ?b)' : '(blueprint ?b)'];
    if (s.domain !== MODS) body.push('(not (abstract ?b))');
    for (const k of s.include) body.push(`(keyword ?b ${kifName(s.domain)} ${kifName(k)})`);
    for (const k of s.exclude) body.push(`(not (keyword ?b ${kifName(s.domain)} ${kifName(k)}))`);
    line(`(<= (inset ${quoteString(key)} ?b) ${body.join(' ')})`, s.span);
  }
  if (spans) pushAll(spans, at);
  return lines.join('\n') + '\n';
}

/** The name of the generated text of a library's facts in the engine's spans. */
export const FACTS_FILE = '<blueprint facts>';

/**
 * Run `work` (loading or evaluating generated KIF text named `file`); an error
 * located in that text is raised again at the user's text it was generated
 * from (`spans`, by line), or at `fallback` for the generated rules: no
 * message points into text the user did not write.
 */
export function atUserText<T>(file: string, spans: ReadonlyArray<Span | undefined>, fallback: Span | undefined, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof GramlogError) || e.span?.file !== file) throw e;
    const place = (span: Span | undefined): Span | undefined => (span?.file === file ? (spans[span.line - 1] ?? fallback) : span);
    const where = place(e.span);
    const message = e.message.replace(/ at (\d+):(\d+)\b/g, '');
    throw new GramlogError(
      e.code,
      `${message} (in the facts gramlog makes of the library)`,
      where,
      e.diagnostics.map((d) => {
        const span = place(d.span);
        return { ...d, ...(span ? { span } : {}) };
      }),
    );
  }
}

/** The domains a block declares, resolved to own keywords and whether they replace the inherited ones. */
export function ownDomains(decls: readonly DomainDecl[]): Map<string, { replaces: boolean; keywords: string[] }> {
  const out = new Map<string, { replaces: boolean; keywords: string[] }>();
  for (const d of decls) {
    const cur = out.get(d.domain);
    if (d.op === '=' || !cur) out.set(d.domain, { replaces: d.op === '=' || (cur?.replaces ?? false), keywords: [...d.keywords] });
    else pushAll(cur.keywords, d.keywords);
  }
  return out;
}
