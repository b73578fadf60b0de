/**
 * Paths under `/console`, in the address bar so a view can be shared (filters included — never the key). History
 * navigation without reloads: a link's click is turned into `pushState`, the back button into a `popstate`.
 */
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/console';

export interface Route {
  /** Path segments after `/console` (`['runs', 'run_…']`). */
  parts: string[];
  query: URLSearchParams;
}

function current(): Route {
  const rest = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '';
  return {
    parts: rest.split('/').filter(Boolean).map(decodeURIComponent),
    query: new URLSearchParams(location.search),
  };
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = path.startsWith(BASE) ? path : `${BASE}${path}`;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((l) => l());
  // A new view starts at its top, and a screen reader hears its heading.
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

/** Sets one query parameter of the current view (a filter), keeping the others. */
export function withQuery(route: Route, name: string, value: string | null): string {
  const query = new URLSearchParams(route.query);
  if (value) query.set(name, value);
  else query.delete(name);
  const search = query.toString();
  return `${BASE}/${route.parts.map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
}

/** An in-console link's click: navigate without a reload unless the person asked for a new tab. */
export function follow(event: MouseEvent, href: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate(href);
}
