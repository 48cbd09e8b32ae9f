/**
 * Codes of the exports (`gramlog generate --format tiled|tileset|svg|png` on a
 * layer file: src/generate/layers/tilemap.ts and its tiled, png and svg writers; `--format svg` of any artifact; docs/guides/exports.md).
 */
import { declareCodes } from './registry.js';

const tiled = (text: string) => ({ file: 'house.gdl', text, command: 'gramlog generate house.gdl --format tiled' });

export const CODES = declareCodes([
  {
    code: 'exports/not-a-cell',
    severity: 'error',
    title: 'A site that is not a cell of the tile map.',
    explanation:
      'A Tiled map, and the SVG and PNG grids, place a layer\'s sites on cells: a site key must be a compound of two whole numbers, `(at X Y)` ' +
      '(any functor, or the one `(tilemap FUNCTOR)` names), at or right of and below the top-left cell (1, 1) (or the one `(tileorigin X Y)` declares). ' +
      'The error is located at the statement that makes the site and names it.',
    example: tiled('(spot 1)\n(spot 2)\n(layer wall 1)\n(<= (site wall (at ?x)) (spot ?x))\n'),
    fix: 'Give the sites two coordinates, `(<= (site wall (at ?x ?y)) (spot ?x) (spot ?y))`; declare `(tileorigin 0 0)` for keys that count from 0; `--format text` or `json` take any keys.',
  },
  {
    code: 'exports/map-too-large',
    severity: 'error',
    title: 'A tile map of more than 4,000,000 cells.',
    explanation: 'The map spans from the top-left cell to the largest coordinates of any site; past 4,000,000 cells gramlog stops rather than allocate it (a stray coordinate is the usual cause).',
    example: tiled('(layer wall 1)\n(site wall (at 1 1))\n(site wall (at 100000 100000))\n'),
    fix: 'Check the coordinates of the sites, or declare `(tileorigin X Y)` with the smallest ones.',
  },
  {
    code: 'exports/tilemap',
    severity: 'error',
    title: 'A bad tile map declaration.',
    explanation:
      'A layer file declares at most one `(tilemap FUNCTOR AXES)`, one `(tileorigin X Y)` and one `(tilesize W H)` (whole numbers from 1 to 1024), ' +
      'and `(layertile LAYER ID)` names a declared layer, once, with a tile id from 0 to 4095.',
    example: tiled('(layer wall 1)\n(site wall (at 1 1))\n(tilesize 0 16)\n'),
    fix: 'Keep one declaration of each, with values in range: `(tilesize 16 16)`.',
  },
  {
    code: 'exports/svg-too-large',
    severity: 'error',
    title: 'An artifact too large to draw as SVG.',
    explanation:
      'An SVG is one text file a browser must lay out: a layer map draws every cell in the plan and once per layer, and stops past 2,000,000 cells in all; ' +
      'a graph is laid out by Graphviz, whose layout grows faster than the graph (and overflows its stack on long paths), and stops past 5,000 nodes or 10,000 edges. ' +
      'The error is located at the layer declarations (layers) or the grammar (graphs).',
    example: { file: 'big.gdl', text: '(layer wall 1)\n(site wall (at 1 1))\n(site wall (at 1000 1001))\n', command: 'gramlog generate big.gdl --format svg' },
    fix: 'Write a format that streams: `--format tiled`, `png` or `json` for layers; `dot`, `graphml` or `json` for graphs; or bound the grammar.',
  },
]);
