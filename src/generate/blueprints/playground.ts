/**
 * Blueprint libraries (`gramlog master FILE NAME`): every blueprint and
 * factory of the library mastered with the seed, as cards (the page half:
 * ./view.ts); the library's lint findings as diagnostics.
 */
import { master, parseBlueprints, type Library, type Master } from './index.js';
import { isGramlogError } from '../../errors.js';
import { galleryCount, memo, place } from '../playground/common.js';
import type { PanelInput, StylePanel } from '../style/playground.js';

export interface BlueprintCard {
  key: string;
  master?: Master;
  error?: { code: string; message: string; line?: number; column?: number };
}

export interface BlueprintsData {
  seed: number | string;
  cards: BlueprintCard[];
}

const libraries = memo<Library>(4);

function libraryOf(input: PanelInput): Library {
  return libraries(`${input.file}\u0000${input.text}`, () => parseBlueprints(input.text, { file: input.file }));
}

/** Master one key; a GramlogError (an empty domain set, a bad call ...) is the card's error. */
function card(lib: Library, key: string, seed: number | string): BlueprintCard {
  try {
    return { key, master: master(lib, key, { seed }) };
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { key, error: { code: e.code, message: e.message, ...place(e.span) } };
  }
}

/** The worker half of the blueprint panel (the style's playground part). */
export const blueprintsPanel: StylePanel<BlueprintsData> = {
  compute(input) {
    const lib = libraryOf(input);
    // Mods rewrite a master: they are applied, not mastered on their own.
    const keys = [...lib.definitions.values()].filter((d) => d.kind !== 'mod').map((d) => d.key);
    switch (input.action) {
      case 'main':
        return { seed: input.seed, cards: keys.map((k) => card(lib, k, input.seed)) };
      case 'gallery': {
        // One blueprint (arg.key), mastered with N seeds from the current one.
        const { key, count } = input.arg as { key: string; count: number };
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: galleryCount(count) }, (_, i) => ({ seed: base + i, ...card(lib, key, base + i) })) as never;
      }
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
