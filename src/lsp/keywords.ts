/**
 * The rule language's keywords (`<=`, `not`, `or`, `distinct`) for hover,
 * completion and semantic tokens: they are no relation of any schema (except
 * GDL's `distinct`, whose schema entry hover shows too), so they had no hover.
 */
export interface Keyword {
  name: string;
  form: string;
  doc: string;
  example: string;
}

export const KEYWORDS: readonly Keyword[] = [
  {
    name: '<=',
    form: '(<= HEAD BODY...)',
    doc: 'A rule: HEAD holds for every binding of its variables that makes each literal of BODY hold. Every variable of HEAD, and of a `not` or `distinct`, must occur in a positive literal of BODY.',
    example: '(<= (adjacent ?a ?b) (edge ?a ?b))',
  },
  {
    name: 'not',
    form: '(not LITERAL)',
    doc: 'Negation as failure: holds when LITERAL cannot be derived. Its variables must be bound by a positive literal of the same rule, and a relation may not depend on its own negation (the program must be stratified).',
    example: '(<= (free ?c) (cell ?c) (not (occupied ?c)))',
  },
  {
    name: 'or',
    form: '(or LITERAL...)',
    doc: 'Holds when one of the LITERALs holds: the rule is read as one rule per alternative.',
    example: '(<= (blocked ?c) (or (wall ?c) (water ?c)))',
  },
  {
    name: 'distinct',
    form: '(distinct TERM TERM)',
    doc: 'Holds when the two terms are different once bound; both must be bound by positive literals of the same rule.',
    example: '(<= (other ?p) (role ?p) (role ?q) (distinct ?p ?q))',
  },
];

export const KEYWORD_NAMES: ReadonlySet<string> = new Set(KEYWORDS.map((k) => k.name));

/** Reserved relations of no arguments written bare (`(<= terminal ...)`): highlighted as keywords where the vocabulary has them. */
export const BARE_RESERVED: ReadonlySet<string> = new Set(['terminal']);

/** Markdown for a keyword (undefined for another word). */
export function keywordMarkdown(name: string): string | undefined {
  const k = KEYWORDS.find((x) => x.name === name);
  if (!k) return undefined;
  return `**${k.name}**: a keyword of the rule language\n\n\`\`\`gdl\n${k.form}\n\`\`\`\n\n${k.doc}\n\nExample:\n\n\`\`\`gdl\n${k.example}\n\`\`\``;
}
