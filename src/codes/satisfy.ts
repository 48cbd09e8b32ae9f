/** Codes of constraint-satisfying generation (`--satisfy`: src/generate/satisfy/). */
import type { CodeInfo } from './registry.js';

const ROOMS = `(start room)
(rule room small 1)
(rule room big 1)
`;

export const CODES: readonly CodeInfo[] = [
  {
    code: 'satisfy/unsatisfiable',
    severity: 'error',
    title: 'No artifact satisfies every constraint, whatever the seed.',
    explanation:
      '`--satisfy` searched every combination of draws the file allows (or a solver did) and found no artifact that derives no `violation` fact and holds every bound. The error names a minimal set of conflicting statements, each with its line: without any one of them the file is satisfiable. When even the file without its constraints gives no artifact (every draw fails), it says so instead.',
    example: {
      file: 'rooms.gdl',
      text: ROOMS + '(<= (violation too-small ?n) (chose ?n small))\n(<= (violation too-big ?n) (chose ?n big))\n',
      command: 'gramlog generate rooms.gdl --satisfy',
    },
    fix: 'Loosen or remove one of the statements named: each is needed for the conflict.',
  },
  {
    code: 'satisfy/budget',
    severity: 'error',
    title: 'No satisfying artifact was found for a seed within the budget.',
    explanation:
      "Every exact redraw of the seed (`--draws N`) broke a constraint, and the steering (a search over the seed's choices, or a solver) ran out of its budget (`--search N`) before it found an artifact or proved that none exists. No artifact is printed for the seed: `--satisfy` never prints one that breaks a constraint.",
    example: {
      file: 'rooms.gdl',
      text: ROOMS + '(<= (violation too-big ?n) (chose ?n big))\n',
      command: 'gramlog generate rooms.gdl --seed 2 --satisfy --draws 1 --search 0',
    },
    fix: 'Give more draws or search (`--draws N`, `--search N`), or loosen the constraints so more draws satisfy them.',
  },
  {
    code: 'satisfy/always-fires',
    severity: 'error',
    title: 'A violation rule that every artifact breaks.',
    explanation:
      '`gramlog analyze` searched every combination of draws the file allows with this violation rule alone (every other constraint left out) and found no artifact that does not break it: with it, no artifact satisfies the file, and `generate --satisfy` fails on every seed.',
    example: {
      file: 'rooms.gdl',
      text: ROOMS + '(<= (violation has-room ?n) (symbol ?n room))\n',
      command: 'gramlog analyze rooms.gdl',
    },
    fix: 'Make the rule fire only on the artifacts it is meant to forbid: its body holds on every one.',
  },
  {
    code: 'satisfy/never-fires',
    severity: 'warning',
    title: 'A violation rule that no artifact breaks.',
    explanation:
      '`gramlog analyze` searched every combination of draws the file allows and found no artifact that breaks this violation rule: the property it states is never tested (its body reads a combination the generator never makes, often a misspelt name or a wrong argument).',
    example: {
      file: 'rooms.gdl',
      text: ROOMS + '(<= (violation both ?n) (chose ?n small) (chose ?n big))\n',
      command: 'gramlog analyze rooms.gdl',
    },
    fix: 'Check the body against what the generator makes (`gramlog generate --json` shows the facts), or remove the rule.',
  },
];
