/** Game texts and helpers shared by the validator tests. */
import { validateGame } from '../../src/gdl/validate/validate.js';

/** `; expect: SEVERITY CHECK [LINE:COL]` lines of a broken game: its findings, in report order. */
export function expectations(text: string): string[] {
  return [...text.matchAll(/^; expect: (.*)$/gm)].map((m) => (m[1] as string).trim());
}

/** Each finding of validateGame as `SEVERITY CHECK [LINE:COL]`. */
export function brief(text: string, file: string): string[] {
  return validateGame(text, { file }).findings.map((f) => `${f.severity} ${f.code}${f.span ? ` ${f.span.line}:${f.span.column}` : ''}`);
}

/** Tic-tac-toe written the usual way, with bases and inputs. */
export const TICTACTOE = `(role xplayer) (role oplayer)
(index 1) (index 2) (index 3)
(<= (base (cell ?x ?y b)) (index ?x) (index ?y))
(<= (base (cell ?x ?y x)) (index ?x) (index ?y))
(<= (base (cell ?x ?y o)) (index ?x) (index ?y))
(<= (base (control ?p)) (role ?p))
(<= (input ?p (mark ?x ?y)) (index ?x) (index ?y) (role ?p))
(<= (input ?p noop) (role ?p))
(init (cell 1 1 b)) (init (cell 1 2 b)) (init (cell 1 3 b))
(init (cell 2 1 b)) (init (cell 2 2 b)) (init (cell 2 3 b))
(init (cell 3 1 b)) (init (cell 3 2 b)) (init (cell 3 3 b))
(init (control xplayer))
(<= (next (cell ?m ?n x)) (does xplayer (mark ?m ?n)) (true (cell ?m ?n b)))
(<= (next (cell ?m ?n o)) (does oplayer (mark ?m ?n)) (true (cell ?m ?n b)))
(<= (next (cell ?m ?n ?w)) (true (cell ?m ?n ?w)) (distinct ?w b))
(<= (next (cell ?m ?n b)) (does ?_w (mark ?j ?k)) (true (cell ?m ?n b)) (or (distinct ?m ?j) (distinct ?n ?k)))
(<= (next (control xplayer)) (true (control oplayer)))
(<= (next (control oplayer)) (true (control xplayer)))
(<= (row ?m ?x) (true (cell ?m 1 ?x)) (true (cell ?m 2 ?x)) (true (cell ?m 3 ?x)))
(<= (column ?n ?x) (true (cell 1 ?n ?x)) (true (cell 2 ?n ?x)) (true (cell 3 ?n ?x)))
(<= (diagonal ?x) (true (cell 1 1 ?x)) (true (cell 2 2 ?x)) (true (cell 3 3 ?x)))
(<= (diagonal ?x) (true (cell 1 3 ?x)) (true (cell 2 2 ?x)) (true (cell 3 1 ?x)))
(<= (line ?x) (row ?_m ?x))
(<= (line ?x) (column ?_m ?x))
(<= (line ?x) (diagonal ?x))
(<= open (true (cell ?_m ?_n b)))
(<= (legal ?w (mark ?x ?y)) (true (cell ?x ?y b)) (true (control ?w)))
(<= (legal xplayer noop) (true (control oplayer)))
(<= (legal oplayer noop) (true (control xplayer)))
(<= (goal xplayer 100) (line x))
(<= (goal xplayer 50) (not (line x)) (not (line o)) (not open))
(<= (goal xplayer 0) (line o))
(<= (goal xplayer 0) (not (line x)) (not (line o)) open)
(<= (goal oplayer 100) (line o))
(<= (goal oplayer 50) (not (line x)) (not (line o)) (not open))
(<= (goal oplayer 0) (line x))
(<= (goal oplayer 0) (not (line x)) (not (line o)) open)
(<= terminal (line x))
(<= terminal (line o))
(<= terminal (not open))
`;
