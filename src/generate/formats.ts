/**
 * The output formats of `gramlog generate` as data: a format's name, the file
 * extension an artifact in it is written under (`--out DIR`, issue 24), and
 * whether it is binary (written as bytes, from `Style.formatBytes`) or one
 * document per artifact (a file per seed under `--out DIR`, never JSON Lines).
 * A new export (issue 22: Tiled, SVG, PNG, GraphML...) is a `FormatName`, a
 * line here, and a case of the styles' `format` (or `formatBytes`).
 */
import type { FormatName } from './style.js';

export interface FormatInfo {
  readonly name: FormatName;
  /** The extension of a file holding one artifact in this format, without the dot. */
  readonly extension: string;
  /** Written as bytes (`Style.formatBytes`), not text. */
  readonly binary: boolean;
  /**
   * One document per artifact: `--count N` prints them one after another
   * (JSON Lines for JSON formats) and `--out DIR` writes one file per seed;
   * false for formats whose artifacts are chunks of one stream (text, json).
   */
  readonly documentPerArtifact: boolean;
  /**
   * The document does not depend on the artifact (the tileset image a tiled
   * map names): the violations a seed derives are not about it, so they are
   * neither reported with it nor make the exit code 1.
   */
  readonly artifactFree?: boolean;
  /** One line for the help text and the docs. */
  readonly summary: string;
}

export const FORMAT_INFO: Readonly<Record<FormatName, FormatInfo>> = {
  text: { name: 'text', extension: 'txt', binary: false, documentPerArtifact: false, summary: 'for people: an indented tree, the layers, or a graph\'s nodes with their out-edges' },
  json: { name: 'json', extension: 'jsonl', binary: false, documentPerArtifact: false, summary: 'one JSON object per artifact, one per line' },
  dot: { name: 'dot', extension: 'dot', binary: false, documentPerArtifact: true, summary: 'Graphviz DOT (grammars and graphs)' },
  // the exports of src/export/ (docs/guides/exports.md)
  tiled: { name: 'tiled', extension: 'tmj', binary: false, documentPerArtifact: true, summary: 'a Tiled JSON map, one tile layer per layer (layer files whose sites are grid cells)' },
  tileset: { name: 'tileset', extension: 'png', binary: true, documentPerArtifact: true, artifactFree: true, summary: 'the placeholder tileset image a tiled map names, STEM-tiles.png (layer files)' },
  svg: { name: 'svg', extension: 'svg', binary: false, documentPerArtifact: true, summary: 'an SVG picture: the tree, the layer grids with a legend, or the graph laid out by Graphviz' },
  png: { name: 'png', extension: 'png', binary: true, documentPerArtifact: true, summary: 'a PNG picture of the layer grids (layer files; binary, not to a terminal)' },
  graphml: { name: 'graphml', extension: 'graphml', binary: false, documentPerArtifact: true, summary: 'GraphML with label keys (graphs)' },
  graphlib: { name: 'graphlib', extension: 'json', binary: false, documentPerArtifact: true, summary: 'graphlib JSON as graphgram reads it and --graph FILE takes (graphs)' },
};

/** The format named NAME, or undefined. */
export function formatInfo(name: string): FormatInfo | undefined {
  return Object.prototype.hasOwnProperty.call(FORMAT_INFO, name) ? FORMAT_INFO[name as FormatName] : undefined;
}
