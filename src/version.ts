/**
 * gramlog's version, as package.json has it (test/package/version.test.ts
 * holds the two equal): a leaf, so that what records the version (the --out
 * manifest, src/cli/out/manifest.ts) need not import the CLI's dispatcher.
 */
export const VERSION = '0.1.0';
