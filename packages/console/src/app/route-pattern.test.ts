import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';
import { routes } from './router';

const patternOf = (pathname: string) => routePattern(matchRoutes(routes, pathname) ?? []);

describe('route pattern of a page', () => {
  it('names the route, not the ids in the address', () => {
    expect(patternOf('/projects/prjDemo234567892/flags')).toBe('/projects/:projectId/flags');
    expect(patternOf('/projects/prjDemo234567892/settings/api-keys')).toBe('/projects/:projectId/settings/:tab?');
    expect(patternOf('/login')).toBe('/login');
    expect(patternOf('/')).toBe('/');
    expect(patternOf('/no/such/page')).toBe('/*');
  });
});
