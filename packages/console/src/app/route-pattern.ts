/** The route of a page as its pattern (`/projects/:projectId/flags`), so reports from every project group as one page. */
export function routePattern(matches: readonly { route: { path?: string } }[]): string {
  const joined = matches
    .map((match) => match.route.path ?? '')
    .filter(Boolean)
    .join('/');
  return `/${joined}`.replace(/\/{2,}/g, '/');
}
