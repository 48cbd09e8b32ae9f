/**
 * rules/menu.gdl's menus as comparable keys, read from `generate --json` and
 * from the atoms of test/bench/satisfy/menu.lp's answer sets alike: a menu is
 * per room (taproom, garden) its dish and its drinks in order.
 */

export interface Room {
  readonly dish: string;
  readonly drinks: readonly string[];
}
export type Menu = ReadonlyMap<string, Room>;

interface JsonNode {
  symbol: string;
  rule?: string;
  args: Record<string, unknown>;
  children: JsonNode[];
}

/** The menu of a `generate --json` line of rules/menu.gdl. */
export function menuOfJson(line: string): Menu {
  const root = (JSON.parse(line) as { root: JsonNode }).root;
  const menu = new Map<string, Room>();
  for (const room of root.children) {
    const drinks = (room.children[0]?.children ?? []).map((d) => d.rule ?? '?');
    menu.set(String(room.args['place']), { dish: room.rule ?? '?', drinks });
  }
  return menu;
}

/** The menu of an answer set of menu.lp (its shown atoms: dish_of(P,D), pour(P,S,X)). */
export function menuOfAtoms(atoms: readonly string[]): Menu {
  const dish = new Map<string, string>();
  const pours = new Map<string, string[]>();
  for (const a of atoms) {
    let m = /^dish_of\((\w+),(\w+)\)$/.exec(a);
    if (m) dish.set(m[1] as string, m[2] as string);
    m = /^pour\((\w+),(\d+),(\w+)\)$/.exec(a);
    if (m) {
      const list = pours.get(m[1] as string) ?? [];
      list[Number(m[2])] = m[3] as string;
      pours.set(m[1] as string, list);
    }
  }
  const menu = new Map<string, Room>();
  for (const [place, d] of dish) menu.set(place, { dish: d, drinks: pours.get(place) ?? [] });
  return menu;
}

const room = (m: Menu, place: string): Room => m.get(place) ?? { dish: '?', drinks: [] };
const served = (r: Room): string => [...new Set(r.drinks)].sort().join('+');

/** The features the bench compares, each a key of a menu. */
export const MENU_FEATURES: ReadonlyArray<{ name: string; key: (m: Menu) => string }> = [
  { name: 'drinks served in the taproom', key: (m) => served(room(m, 'taproom')) },
  { name: 'drinks served in the garden', key: (m) => served(room(m, 'garden')) },
  { name: 'the two dishes', key: (m) => `${room(m, 'taproom').dish}/${room(m, 'garden').dish}` },
  {
    name: 'the whole menu',
    key: (m) => ['taproom', 'garden'].map((p) => `${p}:${room(m, p).dish}:${room(m, p).drinks.join(',')}`).join(' '),
  },
];
