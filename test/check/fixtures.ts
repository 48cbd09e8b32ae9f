/** Grammars the check tests (library and CLI) share. */

/** Fails exactly when width >= 7, whatever the seed. */
export const THRESHOLD = `(start row)
(param width 2)
(paramrange width 0 50)
(rule row cells 1) (child cells 0 cell)
(rule cell a 1) (rule cell b 1)
(<= (violation too-wide ?w) (param width ?w) (>= ?w 7))
`;

/** Generation fails (all weights removed) exactly when k >= 3. */
export const ZERO = `(start s)
(param k 0)
(paramrange k 0 9)
(rule s a 1) (rule s b 1)
(<= (forbid ?n a) (symbol ?n s) (param k ?k) (>= ?k 3))
(<= (forbid ?n b) (symbol ?n s) (param k ?k) (>= ?k 3))
`;
