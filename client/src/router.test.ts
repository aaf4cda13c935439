import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  isNotFound,
  isRedirect,
  type AnyRoute,
  type Redirect,
} from '@tanstack/react-router';
import { ADMIN_REDIRECTS, ROUTES } from '@shared/routes';
import { EDIT_RELEASE_TITLE, MEDIA_RELEASE_TITLE } from '@shared/routes';
import { createAppRouter, routeTree } from './router';

function makeRouter(initial = '/') {
  return createAppRouter({
    queryClient: new QueryClient(),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Every full path in the tree, flattened from routeTree's children. */
function allFullPaths(route: AnyRoute): string[] {
  const children = (route.children ?? []) as AnyRoute[];
  return [route.fullPath as string, ...children.flatMap(allFullPaths)];
}

describe('route tree', () => {
  const router = makeRouter();

  it.each(ROUTES.map((r) => [r.path, r.title] as const))(
    '%s is matched by a route titled "%s"',
    (path, title) => {
      const [, , found] = router.getMatchedRoutes(path);
      expect(found, `no route for ${path}`).toBeDefined();
      expect(trimSlash(found!.fullPath as string)).toBe(path);
      expect(found!.options.staticData?.title).toBe(title);
    },
  );

  it.each(Object.keys(ADMIN_REDIRECTS))('%s is matched by a route', (path) => {
    const [, , found] = router.getMatchedRoutes(path);
    expect(found, `no route for ${path}`).toBeDefined();
    expect(found!.fullPath).toBe(path);
  });

  it('has the release editor at /client/press-releases/$id, for UUIDs only', () => {
    const id = '0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c';
    const [, params, found] = router.getMatchedRoutes(`/client/press-releases/${id}`);
    expect(found?.fullPath).toBe('/client/press-releases/$id');
    expect(params).toMatchObject({ id });
    expect(found?.options.staticData?.title).toBe(EDIT_RELEASE_TITLE);
    const beforeLoad = found?.options.beforeLoad as (ctx: { params: { id: string } }) => unknown;
    expect(() => beforeLoad({ params: { id } })).not.toThrow();
    let thrown: unknown;
    try {
      beforeLoad({ params: { id: 'not-an-id' } });
    } catch (error) {
      thrown = error;
    }
    expect(isNotFound(thrown)).toBe(true);
    // "new" is its own route, not an id.
    expect(router.getMatchedRoutes('/client/press-releases/new')[2]?.fullPath).toBe(
      '/client/press-releases/new',
    );
  });

  it('has the journalist reading view at /media/press-releases/$releaseId, for UUIDs only', () => {
    const id = '0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c';
    const [, params, found] = router.getMatchedRoutes(`/media/press-releases/${id}`);
    expect(found?.fullPath).toBe('/media/press-releases/$releaseId');
    expect(params).toMatchObject({ releaseId: id });
    expect(found?.options.staticData?.title).toBe(MEDIA_RELEASE_TITLE);
    const beforeLoad = found?.options.beforeLoad as (ctx: { params: { releaseId: string } }) => unknown;
    expect(() => beforeLoad({ params: { releaseId: id } })).not.toThrow();
    let thrown: unknown;
    try {
      beforeLoad({ params: { releaseId: 'x' } });
    } catch (error) {
      thrown = error;
    }
    expect(isNotFound(thrown)).toBe(true);
  });

  it('lists every spec path when the tree is flattened', () => {
    const paths = new Set(allFullPaths(routeTree as unknown as AnyRoute).map(trimSlash));
    for (const { path } of ROUTES) expect(paths, path).toContain(path);
    for (const path of Object.keys(ADMIN_REDIRECTS)) expect(paths, path).toContain(path);
  });

  it('matches no route for an unknown path', () => {
    expect(router.getMatchedRoutes('/no-such-page')[2]).toBeUndefined();
    // Under a layout only the layout matches (a fuzzy match), which renders the not-found page.
    const [, , found] = router.getMatchedRoutes('/client/no-such-page');
    expect(found?.fullPath).toBe('/client');
    expect(found?.children).toBeDefined();
  });
});

describe('/admin redirects', () => {
  const router = makeRouter();

  it.each(Object.entries(ADMIN_REDIRECTS))('%s redirects (replace) to %s', (from, to) => {
    const [, , found] = router.getMatchedRoutes(from);
    const beforeLoad = found?.options.beforeLoad as (() => unknown) | undefined;
    expect(beforeLoad).toBeTypeOf('function');
    let thrown: unknown;
    try {
      beforeLoad?.();
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    const { options } = thrown as Redirect;
    expect(options.href).toBe(to);
    expect(options.replace).toBe(true);
    // The target is a real route.
    expect(trimSlash(router.getMatchedRoutes(to)[2]!.fullPath as string)).toBe(to);
  });
});
