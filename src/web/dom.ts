/**
 * The page's DOM helpers are in src/view/dom.ts, below the styles' views
 * that draw with them (src/generate/NAME/view.ts); the page's modules import
 * them from here.
 */
export * from '../view/dom.js';
