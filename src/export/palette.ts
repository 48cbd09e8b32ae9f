/**
 * The placeholder colours of generated pictures and tilesets: one per layer
 * (by generation order), distinct on a white background and for the common
 * colour-vision deficiencies (Okabe–Ito's palette, then a few more).
 */
export const PALETTE: readonly string[] = [
  '#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000', '#999999', '#882255',
];

/** The colour of the Nth layer (0-based), cycling through the palette. */
export function colourOf(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length] as string;
}

/** `#rrggbb` as [r, g, b]. */
export function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
