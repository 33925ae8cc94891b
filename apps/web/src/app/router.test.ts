import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every route with no children, with its path from the root. */
function leaves(list: RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
  return list.flatMap((route) => {
    const path = route.index ? `${parent}/` : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return route.children?.length ? leaves(route.children, route.path ? path : parent) : [{ path, route }];
  });
}

describe('the routes', () => {
  it('give every leaf something to render, so React Router has nothing to warn about', () => {
    const empty = leaves(routes)
      .filter(({ route }) => route.element === undefined && route.Component === undefined && route.lazy === undefined)
      .map(({ path }) => path);
    expect(empty).toEqual([]);
  });
});
