/**
 * The history of a layer generation as datascript transactions (src/store):
 * one transaction per draw of a layer (the first draw and every redraw), with
 * transaction metadata `{layer: NAME, order: ORDER, attempt: K, seed: SEED}`
 * and one entity (attribute names are strings; lists are JSON text):
 *
 *   draw  "draw/index" (0, 1, ... over the whole generation)
 *         "draw/layer" "draw/order" "draw/attempt" (1 = the first draw)
 *         "draw/sites" (how many sites the layer has) "draw/bounds" ("(between NAME MIN MAX)" or "")
 *         "draw/base" "draw/mask" "draw/placed" (JSON lists of keys, canonical text)
 *         "draw/redrawn" (JSON list: the sites this draw drew again; [] for the first)
 *         "draw/because" (JSON list of {group, count}: the groups out of bounds in the draw before)
 *         "draw/outside" (JSON list of {group, count}: the groups out of bounds after this draw,
 *                         which cause the next redraw; [] when the draw is kept)
 *         "draw/kept" (true for the draw the layer keeps)
 *
 * e.g. the placed keys of every draw of layer stairs:
 *   [:find ?k ?p :where [?d "draw/layer" "stairs"] [?d "draw/attempt" ?k] [?d "draw/placed" ?p]]
 */
import type { Program } from '../../program/program.js';
import { History } from '../history.js';
import type { GroupViolation } from './generate.js';
import type { LayerDecl, LayerState } from './vocabulary.js';

/** One draw of a layer, as drawLayer sees it. */
export interface LayerDraw {
  decl: LayerDecl;
  state: LayerState;
  /** 1 for the first draw. */
  attempt: number;
  base: ReadonlySet<number>;
  placed: readonly number[];
  /** The sites drawn again (in site order); empty for the first draw. */
  redrawn: readonly number[];
  /** The groups out of bounds in the draw before, whose sites this draw drew again. */
  redrawnGroups: readonly GroupViolation[];
  /** The groups out of bounds after this draw (empty: the draw is kept). */
  outside: readonly GroupViolation[];
}

export interface DrawRecorder {
  drew(draw: LayerDraw): void;
}

/** A group out of bounds as stored: its label and how many placed sites it held. */
export interface StoredGroup {
  group: string;
  count: number;
}

export class LayerHistory extends History implements DrawRecorder {
  #draws = 0;

  constructor(
    readonly program: Program,
    seed: number | string,
  ) {
    super(seed);
  }

  drew(d: LayerDraw): void {
    const { decl, state } = d;
    const keys = (ids: Iterable<number>) => JSON.stringify([...ids].map((id) => this.program.terms.print(id)));
    const groups = (vs: readonly GroupViolation[]) => JSON.stringify(vs.map((v): StoredGroup => ({ group: v.group.label, count: v.count })));
    const b = decl.between;
    this.record(
      [
        {
          'draw/index': this.#draws++,
          'draw/layer': decl.name,
          'draw/order': decl.order,
          'draw/attempt': d.attempt,
          'draw/sites': state.sites.length,
          'draw/bounds': b ? `(between ${decl.name} ${b.min} ${b.max})` : '',
          'draw/base': keys(state.sites.filter((s) => d.base.has(s))),
          'draw/mask': keys(state.sites.filter((s) => state.allowed.has(s))),
          'draw/placed': keys(d.placed),
          'draw/redrawn': keys(d.redrawn),
          'draw/because': groups(d.redrawnGroups),
          'draw/outside': groups(d.outside),
          'draw/kept': d.outside.length === 0,
        },
      ],
      { layer: decl.name, order: decl.order, attempt: d.attempt },
    );
  }
}
