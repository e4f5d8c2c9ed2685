import { type EditorSession, pageUrlMatches } from '@tabula/protocol';

/**
 * Whether the editor runs on the experiment's own page. Only a check there says whether the experiment is integrated:
 * another page of the site may well lack (or carry) a snippet the experiment's page does not.
 */
export function isExperimentPage(page: EditorSession['experiment']['page'], address: string): boolean {
  return page !== null && pageUrlMatches(page.url, page.match, address);
}
