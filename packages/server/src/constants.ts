/**
 * Spec §9 (and §1): the SDK snippet version per product family — 3.0.5 for the tab edition, 1.0.7 for the others
 * (abc, mg). Snippets load `/sdk/tabula@<version>.js`, cached for a year, so a release whose bundle is not
 * compatible with these must move them.
 */
export const SDK_SNIPPET_VERSIONS = { tab: '3.0.5', abc: '1.0.7', mg: '1.0.7' } as const;
