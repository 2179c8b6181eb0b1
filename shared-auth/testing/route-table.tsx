/*
 * Test kit for a remote's route table (jest only; nothing in the bundle imports it). Walks the table under both
 * basenames the shell uses and checks the promises RouteTable makes.
 */
import { render, screen } from '@testing-library/react';
import { type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, matchRoutes, useLocation } from 'react-router-dom';
import { isRedirect, NOT_FOUND_PATH, prefixesOf, type PageRoute, type RouteEntry } from '../src/mfe/RouteTable';

export const BASENAMES = ['/app', ''] as const;

export const pagesOf = (routes: readonly RouteEntry[]) => routes.filter((r): r is PageRoute => !isRedirect(r));

/** A concrete URL path for a route pattern: every :param becomes 'sample-1'. */
export const samplePath = (path: string) => path.replace(/:\w+/g, 'sample-1');

/** Renders `ui` at `<basename>/<path>` the way the shell mounts a remote (its router under the basename). */
export function renderAt(basename: string, path: string, ui: ReactNode) {
  window.history.replaceState(null, '', '/');
  return render(
    <MemoryRouter basename={basename || '/'} initialEntries={[`${basename}/${path}`]}>
      {ui}
    </MemoryRouter>,
  );
}

/** The breadcrumb as text: "You're here:Orders›Online Orders". */
/** The router's address (path and query), for a test to read by its label "Address". */
export function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

export const breadcrumbText = () => screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent;

export const expectedBreadcrumb = (page: PageRoute) => `You're here:${[...page.crumbs.map((c) => c.label), page.title].join('›')}`;

interface RouteTableSuite {
  routes: readonly RouteEntry[];
  App: ComponentType;
  /** Every path SPEC.md §2 gives this remote, with sample ids: each must reach a page of the table. */
  specPaths: readonly string[];
  /** Wraps each rendered page (e.g. with an API for routes that check the account). */
  wrap?: (ui: ReactNode) => ReactNode;
  /** Checks the body of each page once its header is there (default: the "not available yet" state). */
  expectBody?: (page: PageRoute) => void | Promise<void>;
}

export function describeRouteTable({ routes, App, specPaths, wrap = (ui) => ui, expectBody }: RouteTableSuite) {
  const pages = pagesOf(routes);
  const table = routes.map((r) => ({ path: r.path }));

  it('covers every SPEC path with a page', () => {
    const pagePatterns = pages.map((p) => ({ path: p.path }));
    const missing = specPaths.filter((path) => matchRoutes(pagePatterns, `/${path}`)?.length !== 1);
    expect(missing).toEqual([]);
  });

  it('has one row per path', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('links breadcrumbs only to routes of this table', () => {
    const broken = pages
      .flatMap((p) => p.crumbs)
      .filter((crumb) => crumb.to !== undefined && !matchRoutes(table, samplePath(crumb.to)));
    expect(broken).toEqual([]);
  });

  describe.each(BASENAMES)('under basename "%s"', (basename) => {
    it.each(pages.map((p) => [p.path, p] as const))('%s renders its title and breadcrumb', async (path, page) => {
      renderAt(basename, samplePath(path), wrap(<App />));
      expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
      expect(breadcrumbText()).toBe(expectedBreadcrumb(page));
      if (expectBody) await expectBody(page);
      else expect(await screen.findByText(/is not available yet/)).toBeInTheDocument();
    });

    it.each(prefixesOf(routes))('an unknown path under %s/ leaves for the 404 page', (prefix) => {
      renderAt(basename, `${prefix}/no-such-screen/at-all`, wrap(<App />));
      expect(window.location.pathname).toBe(NOT_FOUND_PATH);
    });

    it("renders nothing for a path that is not this remote's (the shell is navigating away)", () => {
      const { container } = renderAt(basename, 'dashboard', wrap(<App />));
      expect(container).toBeEmptyDOMElement();
      expect(window.location.pathname).toBe('/');
    });
  });
}
