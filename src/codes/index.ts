/** Every registered code, from the area files of this folder. */
import type { CodeInfo } from './registry.js';
import { CODES as vocabulary } from './vocabulary.js';
import { CODES as styles } from './styles.js';
import { CODES as dataAndNumbers } from './data-and-numbers.js';
import { CODES as limits } from './limits.js';
import { CODES as gdlII } from './gdl-ii.js';
import { CODES as scale } from './scale.js';
import { CODES as packaging } from './packaging.js';
import { CODES as syntax } from './syntax.js';
import { CODES as program } from './program.js';
import { CODES as validate } from './validate.js';
import { CODES as gdl } from './gdl.js';
import { CODES as engine } from './engine.js';
import { CODES as query } from './query.js';
import { CODES as store } from './store.js';
import { CODES as internal } from './internal.js';
import { CODES as generate } from './generate.js';
import { CODES as layers } from './layers.js';
import { CODES as graph } from './graph.js';
import { CODES as blueprints } from './blueprints.js';
import { CODES as facts } from './facts.js';
import { CODES as check } from './check.js';
import { CODES as exports } from './exports.js';
import { CODES as jobs } from './jobs.js';
import { CODES as satisfy } from './satisfy.js';

export type { CodeInfo, CodeSeverity, CodeExample } from './registry.js';

/** The codes one area file declares. */
type CodesOf<T extends readonly CodeInfo[]> = T[number]['code'];

/**
 * Every registered code, as a type: GramlogError and Diagnostic take a Code,
 * so a misspelt or unregistered code fails `npm run typecheck`.
 */
export type Code =
  | CodesOf<typeof vocabulary>
  | CodesOf<typeof styles>
  | CodesOf<typeof dataAndNumbers>
  | CodesOf<typeof limits>
  | CodesOf<typeof gdlII>
  | CodesOf<typeof scale>
  | CodesOf<typeof packaging>
  | CodesOf<typeof syntax>
  | CodesOf<typeof program>
  | CodesOf<typeof validate>
  | CodesOf<typeof gdl>
  | CodesOf<typeof engine>
  | CodesOf<typeof query>
  | CodesOf<typeof store>
  | CodesOf<typeof internal>
  | CodesOf<typeof generate>
  | CodesOf<typeof layers>
  | CodesOf<typeof graph>
  | CodesOf<typeof blueprints>
  | CodesOf<typeof facts>
  | CodesOf<typeof check>
  | CodesOf<typeof exports>
  | CodesOf<typeof jobs>
  | CodesOf<typeof satisfy>;

export const ALL_CODES: readonly CodeInfo[] = [...vocabulary, ...styles, ...dataAndNumbers, ...limits, ...gdlII, ...scale, ...packaging,
  ...syntax,
  ...program,
  ...validate,
  ...gdl,
  ...engine,
  ...query,
  ...store,
  ...internal,
  ...generate,
  ...layers,
  ...graph,
  ...blueprints,
  ...facts,
  ...check,
  ...exports,
  ...jobs,
  ...satisfy,
];
