import type { Paged } from './load';

/** The "Load more" under every paged list: pulls the next page of the SDK's iterator, until there is none. */
export function LoadMore<T>({ list }: { list: Paged<T> }) {
  if (!list.more) return null;
  return (
    <button type="button" onClick={list.loadMore} disabled={list.loading}>
      Load more
    </button>
  );
}
