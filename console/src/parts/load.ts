/**
 * Loading what a view shows: one request (`useLoad`), a paged list read on demand (`usePaged`, "Load more" pulls the
 * SDK's iterator further), and polling with backoff while something is still going (`usePoll`): no view needs a
 * reload to show a new state, and an idle tab stops asking.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload: useCallback(() => setTick((t) => t + 1), []) };
}

export interface Paged<T> {
  items: T[];
  error: unknown;
  loading: boolean;
  more: boolean;
  loadMore: () => void;
}

export function usePaged<T>(open: () => AsyncGenerator<T>, deps: unknown[], pageSize = 20): Paged<T> {
  const iterator = useRef<AsyncGenerator<T> | null>(null);
  const [state, setState] = useState<{ items: T[]; error: unknown; loading: boolean; more: boolean }>({
    items: [],
    error: null,
    loading: true,
    more: false,
  });
  const pull = useCallback(
    async (it: AsyncGenerator<T>, keep: T[]) => {
      setState((s) => ({ ...s, loading: true }));
      const next: T[] = [...keep];
      try {
        for (let i = 0; i < pageSize; i++) {
          const step = await it.next();
          if (iterator.current !== it) return;
          if (step.done) {
            setState({ items: next, error: null, loading: false, more: false });
            return;
          }
          next.push(step.value);
        }
        setState({ items: next, error: null, loading: false, more: true });
      } catch (error) {
        if (iterator.current === it) setState({ items: next, error, loading: false, more: false });
      }
    },
    [pageSize],
  );
  useEffect(() => {
    const it = open();
    iterator.current = it;
    void pull(it, []);
  }, deps);
  return {
    ...state,
    loadMore: () => {
      if (iterator.current) void pull(iterator.current, state.items);
    },
  };
}

/**
 * Calls `tick` again while `going` stays true: after 1 s, then 1.5× longer each time up to 10 s, and only while the
 * tab is visible.
 */
export function usePoll(going: boolean, tick: () => void): void {
  useEffect(() => {
    if (!going) return;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        if (document.visibilityState === 'visible') tick();
        delay = Math.min(delay * 1.5, 10_000);
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [going, tick]);
}
