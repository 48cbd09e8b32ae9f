/** Types of build.mjs, for the tests that build the site when it is missing. */
export function collectExamples(): Array<{ name: string; text: string; companionOf?: string }>;
export function companionOf(name: string, text: string): string | undefined;
export function buildWeb(options?: { quiet?: boolean }): Promise<{ total: number; sizes: Array<[string, number]> }>;
