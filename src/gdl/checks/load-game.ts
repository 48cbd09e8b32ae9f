/**
 * Reading a GDL game: the text parsed with GDL's keyword rules and loaded
 * without builtins (GDL has no arithmetic: `+` and `<` are ordinary names).
 *
 * Keywords are read in any case, as GGP-Base reads them: the 2006-era games
 * write `(ROLE ...)`, `(<= (LEGAL ...) (TRUE ...) (NOT ...))`. The relation
 * keywords get their lower-case names (so the game validates and plays), and
 * the `case` check (names.ts) still warns about each spelling.
 */
import { buildProgram, type Program } from '../../program/program.js';
import { parse } from '../../syntax/parser.js';

/** Parse and load a GDL game; throws a GramlogError on a syntax error only (like loadProgram). */
export function loadGame(text: string, file: string): Program {
  return buildProgram([parse(text, { file, gdlKeywords: true })], { builtins: false });
}
