/** Codes of fact tables read with `--facts DIR` (src/program/facts-table.ts): REL.tsv and REL.csv files. */
import { declareCodes } from './registry.js';

const RULES = '(<= (reach ?x ?y) (road ?x ?y))\n(<= (reach ?x ?z) (reach ?x ?y) (road ?y ?z))\n';
const facts = (table: string, text: string) => ({
  file: 'routes.kif',
  text: RULES,
  command: 'gramlog query routes.kif --facts routes',
  others: { [`routes/${table}`]: text },
});

export const CODES = declareCodes([
  {
    code: 'facts/columns',
    severity: 'error',
    title: 'A line of a fact table with the wrong number of columns.',
    explanation: 'Every line of `REL.tsv` (tab-separated) or `REL.csv` (comma-separated) is one fact of REL, so every line has as many columns as REL has arguments (the first line sets it when the rules do not).',
    example: facts('road.tsv', 'castle\tforest\nforest\n'),
    fix: 'Give the line all its columns; check the separator (tabs in .tsv, commas in .csv).',
  },
  {
    code: 'facts/arity',
    severity: 'error',
    title: 'A fact table for a relation the rules use with several arities.',
    explanation: 'The rules use REL with more than one number of arguments, and the first line of the table matches none of them, so it is not clear which relation the table holds.',
    example: {
      ...facts('road.tsv', 'castle\tforest\tnorth\n'),
      text: RULES + '(<= (dead-end ?x) (road ?x))\n',
    },
    fix: 'Use one arity for the relation in the rules, or give the table the columns of one of them.',
  },
  {
    code: 'facts/quote',
    severity: 'error',
    title: 'A malformed quoted cell in a .csv table.',
    explanation: 'A quoted cell of a .csv file must be closed by `"` on its line and followed by a comma or the end of the line (write a quote inside it as `""`).',
    example: facts('road.csv', 'castle,"dark forest\n'),
    fix: 'Close the quote, and put a comma after it.',
  },
]);
