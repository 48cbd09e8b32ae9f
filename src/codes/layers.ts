/**
 * Codes of sequential logic layers (`gramlog generate` and `gramlog analyze`
 * on a file that declares (layer NAME ORDER): src/generate/layers/).
 */
import { declareCodes } from './registry.js';

/** Two layers over two spots: walls first, then doors. */
const WALLS = `(spot 1)
(spot 2)
(layer wall 1)
(layer door 2)
(<= (site wall (at ?x)) (spot ?x))
(<= (site door (at ?x)) (spot ?x))
`;
const gen = (text: string) => ({ file: 'house.gdl', text, command: 'gramlog generate house.gdl' });
const analyze = (text: string) => ({ file: 'house.gdl', text, command: 'gramlog analyze house.gdl' });
const chooseNote = '`gramlog generate --choose` reports the same mistake as a usage error (exit code 2).';

export const CODES = declareCodes([
  {
    code: 'layers/name',
    severity: 'error',
    title: 'A layer name that is not a name.',
    explanation: 'In `(layer NAME ORDER)` the name must be a constant, not a compound term, number or string.',
    example: gen(WALLS + '(layer (big window) 3)\n'),
    fix: 'Name the layer with one word: `(layer window 3)`.',
  },
  {
    code: 'layers/order',
    severity: 'error',
    title: 'A layer order that is not a number.',
    explanation: 'In `(layer NAME ORDER)` the order must be a number: layers are generated from the lowest order up.',
    example: gen(WALLS + '(layer window last)\n'),
    fix: 'Give a number: `(layer window 3)`.',
  },
  {
    code: 'layers/duplicate',
    severity: 'error',
    title: 'A layer declared with two orders.',
    explanation: 'Each layer has one `(layer NAME ORDER)` declaration.',
    example: gen(WALLS + '(layer door 3)\n'),
    fix: 'Keep one declaration per layer.',
  },
  {
    code: 'layers/unknown',
    severity: 'error',
    title: 'between or onviolation names no layer.',
    explanation: '`(between NAME MIN MAX)` and `(onviolation NAME ...)` must name a layer the file declares with `(layer NAME ORDER)`.',
    example: gen(WALLS + '(between dor 0 1)\n'),
    fix: 'Correct the name, or declare the layer.',
  },
  {
    code: 'layers/between',
    severity: 'error',
    title: 'Bad between bounds.',
    explanation: '`(between NAME MIN MAX)` needs whole numbers with 0 <= MIN <= MAX, and a layer may have one between.',
    example: gen(WALLS + '(between door 2 1)\n'),
    fix: 'Give 0 <= MIN <= MAX, once per layer.',
  },
  {
    code: 'layers/onviolation',
    severity: 'error',
    title: 'onviolation takes resample or fail.',
    explanation: '`(onviolation NAME WHAT)` says what to do when a layer\'s draw breaks a violation: `resample` (draw again) or `fail`.',
    example: gen(WALLS + '(onviolation door retry)\n'),
    fix: 'Write `(onviolation door resample)` or `(onviolation door fail)`.',
  },
  {
    code: 'layers/chance',
    severity: 'error',
    title: 'A bad chance or sitechance.',
    explanation: 'A chance is a probability from 0 to 1, and a layer (or a site) has at most one.',
    example: gen(WALLS + '(chance door 2)\n'),
    fix: 'Give one probability from 0 to 1: `(chance door 0.5)`.',
  },
  {
    code: 'layers/placed-defined',
    severity: 'error',
    title: 'A rule or fact defines placed.',
    explanation: '`(placed NAME KEY)` is what generation produces; a layer file may read it but not define it.',
    example: gen(WALLS + '(<= (placed wall (at 1)) (spot 1))\n'),
    fix: 'Read `placed` in rule bodies only; to force a site, give it `(sitechance NAME KEY 1)`.',
  },
  {
    code: 'layers/dynamic-declaration',
    severity: 'error',
    title: 'A layer declaration that depends on what was placed.',
    explanation: 'The layer declarations (layer, between, onviolation) must be the same in every outcome, so they may not depend on `placed`.',
    example: gen(WALLS + '(<= (layer window 3) (placed wall (at 1)))\n'),
    fix: 'Declare the layer as a fact; make its sites or mask depend on `placed` instead.',
  },
  {
    code: 'layers/none',
    severity: 'error',
    title: 'The file declares no layer.',
    explanation: 'A layer file declares its layers with `(layer NAME ORDER)`. The command line reads a file with no layer as another style (a tree grammar, plain rules), so only the library raises this: `prepareLayers` or `generateLayers` given a program with no layer.',
    reachableFrom: 'api',
    apiNote: '`prepareLayers(program)` or `generateLayers(program)` for a program with no `(layer NAME ORDER)` fact.',
    fix: 'Add `(layer NAME ORDER)` facts, or analyse the right file.',
  },
  {
    code: 'layers/unknown-layer',
    severity: 'error',
    title: 'A placed literal that names no layer.',
    explanation: 'A rule reads `(placed NAME KEY)` for a NAME that no `(layer NAME ORDER)` declares, so it never matches: usually a typo.',
    example: gen(WALLS + '(<= (violation v) (placed wal (at 1)))\n'),
    fix: 'Correct the layer name (the message suggests one).',
  },
  {
    code: 'layers/group-bounds',
    severity: 'error',
    title: 'A group whose between bounds no draw can meet.',
    explanation: 'A `(between NAME MIN MAX)` group has fewer sites the mask allows than MIN (or more sites that must be placed than MAX) in this outcome, so no redraw can satisfy it. `gramlog analyze` finds the outcomes where this can happen.',
    example: gen(WALLS + '(between door 3 3)\n'),
    fix: 'Lower MIN (raise MAX), or give the layer more sites; run `gramlog analyze` to see which outcomes of the earlier layers cause it.',
  },
  {
    code: 'layers/forward',
    severity: 'error',
    title: 'A layer reads a layer that is generated after it.',
    explanation: "A rule for a layer's site, allow, chance, sitechance or group reads `(placed OTHER ...)` of a layer whose order is not lower, which is not yet placed when this layer is drawn. Reported by `gramlog analyze`; `gramlog generate` refuses such a file.",
    example: analyze(WALLS + '(<= (allow wall (at ?x)) (site wall (at ?x)) (not (placed door (at ?x))))\n'),
    fix: 'Swap the orders of the two layers, or read only layers of lower order.',
  },
  {
    code: 'layers/cycle',
    severity: 'error',
    title: 'Layers read each other in a cycle (or a layer reads itself).',
    explanation: 'Layers read each other\'s placed sites in a cycle, or a layer reads its own, so no order of generation works. Reported by `gramlog analyze`; `gramlog generate` refuses such a file.',
    example: analyze(WALLS + '(<= (allow wall (at ?x)) (site wall (at ?x)) (not (placed wall (at 1))))\n'),
    fix: 'Break the cycle: let only the later layer read the earlier one.',
  },
  {
    code: 'layers/completeness',
    severity: 'warning',
    title: 'Some outcome of the earlier layers leaves a layer unable to meet its bounds.',
    explanation: 'For some outcome of the earlier layers, a group of a layer with `(between NAME MIN MAX)` has fewer allowed sites than MIN (or more chance-1 sites than MAX), so generation would fail there. The message gives the outcome and, when one exists, an order of the layers that is complete.',
    example: analyze(WALLS + '(between door 1 1)\n(<= (allow door (at ?x)) (site door (at ?x)) (not (placed wall (at ?x))))\n'),
    fix: 'Reorder the layers as the message suggests, loosen the bounds, or constrain the earlier layer so it always leaves room.',
  },
  {
    code: 'layers/noninterference',
    severity: 'warning',
    title: 'A mask reads another layer only where it never places.',
    explanation: "A layer's mask (allow) reads `(placed OTHER KEY)` only at keys OTHER never places, so the test removes nothing: dead code or a wrong key.",
    example: analyze(WALLS + '(<= (allow door (at ?x)) (site door (at ?x)) (not (placed wall (at 9))))\n'),
    fix: 'Correct the key read, or drop the test.',
  },
  {
    code: 'layers/violation-always',
    severity: 'warning',
    title: 'A violation rule fires on every outcome of the layers.',
    explanation: 'A SAT solver over every outcome of the layers within their bounds (the encoding `generate --satisfy` solves) finds none where this violation is not derived: no artifact can satisfy the file, whatever the seed. `gramlog generate --satisfy` names the statements that conflict.',
    example: analyze(WALLS + '(between door 1 2)\n(<= (violation door-built) (placed door ?k))\n'),
    fix: 'Loosen the bound or the violation rule that conflict (the --satisfy error names them).',
  },
  {
    code: 'layers/analysis',
    severity: 'error',
    title: 'The layer program could not be grounded for the analysis.',
    explanation: 'The order check and the completeness solver ground the layer program into a finite possibility model; a program whose possibilities grow without bound or beyond the limits cannot be.',
    reachableFrom: 'large-input',
    fix: 'Bound the sites of each layer by finite facts.',
  },
  {
    code: 'layers/choose',
    severity: 'error',
    title: 'A malformed --choose on a layer file.',
    explanation: `\`--choose\` on a layer file takes LAYER:KEY=on or LAYER:KEY=off (e.g. \`'house:(at 1 2)=off'\`). ${chooseNote}`,
    reachableFrom: 'api',
    apiNote: 'The layer choice parser, given a malformed choice.',
    fix: "Write `--choose 'LAYER:KEY=on'` or `=off`.",
  },
  {
    code: 'layers/choose-site',
    severity: 'error',
    title: 'A --choose of a layer or site the file does not have.',
    explanation: `The choice names a layer the file does not declare, or a key that is not one of the layer's sites. ${chooseNote}`,
    reachableFrom: 'api',
    apiNote: 'Layer generation given a choice of an unknown layer or site.',
    fix: 'Choose a declared layer and one of its sites (see `--explain`).',
  },
  {
    code: 'layers/choose-forbidden',
    severity: 'error',
    title: 'A --choose that places a site the mask forbids.',
    explanation: `The choice turns on a site that the layer's mask does not allow in this outcome. ${chooseNote}`,
    reachableFrom: 'api',
    apiNote: 'Layer generation given a choice the mask forbids.',
    fix: 'Choose a site the mask allows.',
  },
]);
