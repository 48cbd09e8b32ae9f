/** Codes of property tests (`gramlog check`, src/check/). */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'check/paramrange',
    severity: 'error',
    title: 'A malformed (paramrange KEY LO HI).',
    explanation: '`gramlog check` draws each param with a `(paramrange KEY LO HI)` fact from LO..HI: KEY must be a name with a `(param KEY DEFAULT)`, LO and HI whole numbers with LO <= HI, one range per key, written as facts.',
    example: {
      file: 'rooms.gdl',
      text: '(start room)\n(rule room small 1)\n(rule room big 1)\n(param size 3)\n(paramrange size 5 1)\n(<= (violation too-big ?n) (chose ?n big))\n',
      command: 'gramlog check rooms.gdl --runs 10',
    },
    fix: 'Write `(paramrange KEY LO HI)` facts with LO <= HI.',
  },
  {
    code: 'check/no-rules',
    severity: 'error',
    title: "A graph grammar's artifact queried without rules.",
    explanation: "The facts of a JSON graph grammar's artifact can be queried only with a rule file; the property-test API raises it when asked for the model of such an artifact.",
    reachableFrom: 'api',
    apiNote: "The `model()` of a check outcome of a JSON graph grammar given no rule file.",
    fix: 'Give a rule file after the JSON grammar.',
  },
  {
    code: 'check/no-artifact',
    severity: 'error',
    title: 'The model of a run whose generation failed.',
    explanation: 'A run whose generation failed has no artifact to query; the property-test API raises it (with the generation error\'s own code when there is one) when asked for its model.',
    reachableFrom: 'api',
    apiNote: 'The `model()` of a failed check outcome.',
    fix: 'Look at the outcome\'s error instead.',
  },
]);
