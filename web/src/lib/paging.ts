import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiFetch, ApiError, toApiError, urlFromQueryKey } from './api';

/** The server's page limit (core/contracts/paging.ts PAGE_MAX). */
export const PAGE_MAX = 500;

/** `estimated`: the total is the server's estimate (X-Total-Count-Exact: false), e.g. "about 110,000". */
export type Page<T> = { items: T[]; total: number; offset: number; estimated?: boolean };

/** URL of a list with `limit` and `offset` added to (or replacing those of) its filter. */
export function pageUrl(url: string, limit: number, offset: number): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return `${path}?${params.toString()}`;
}

/**
 * One page of a list: the JSON array and the full count from X-Total-Count, with
 * `estimated: true` when the server says the count is an estimate (X-Total-Count-Exact: false).
 */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<{ items: T[]; total: number; estimated?: boolean }> {
  let res: Response;
  try {
    res = await apiFetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, serverMessage: 'Unable to reach the server. Check your connection.', code: 'network.unreachable' });
  }
  if (!res.ok) throw await toApiError(res);
  const items = (await res.json()) as T[];
  const header = res.headers.get('X-Total-Count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : items.length;
  return res.headers.get('X-Total-Count-Exact') === 'false' ? { items, total, estimated: true } : { items, total };
}

/** The offset of the page after `pages`, or undefined when everything is loaded. */
export function nextOffset(pages: Array<{ items: unknown[]; total: number; offset: number }>): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 0;
  const loaded = last.offset + last.items.length;
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/** Every row of a list, page after page (for exports): at most `max` rows. */
export async function fetchAll<T>(url: string, max = 20_000): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; offset < max; offset += PAGE_MAX) {
    const { items, total } = await fetchPage<T>(pageUrl(url, PAGE_MAX, offset));
    out.push(...items);
    if (items.length < PAGE_MAX || out.length >= total) break;
  }
  return out;
}

/**
 * A list read page by page ("Load more"). The key is the list's URL parts with its filter and
 * `limit` (the page size); offset is the page parameter. Plain reads of the same list use
 * another limit, so a paged key never holds a plain array.
 */
export function pagedListOptions<T>(queryKey: QueryKey) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      const url = urlFromQueryKey(queryKey);
      const limit = Number(new URLSearchParams(url.split('?')[1] ?? '').get('limit') ?? 50);
      const page = await fetchPage<T>(pageUrl(url, limit, pageParam), signal);
      return { ...page, offset: pageParam };
    },
    getNextPageParam: (_last: Page<T>, pages: Array<Page<T>>) => nextOffset(pages),
  });
}

/** Starts the first page of a list before its screen asks (a route's prefetch); usePagedList finds it. */
export function prefetchPagedList(queryClient: QueryClient, queryKey: QueryKey) {
  return queryClient.prefetchInfiniteQuery(pagedListOptions(queryKey));
}

/** The list of `pagedListOptions` in a screen. */
export function usePagedList<T>(queryKey: QueryKey, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  const query = useInfiniteQuery({
    ...pagedListOptions<T>(queryKey),
    enabled: options.enabled,
    // A search box: the rows of the last search stay (isPlaceholderData) until the next arrive.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const last = query.data?.pages[query.data.pages.length - 1];
  const total = last?.total ?? 0;
  // An estimate once everything is loaded is no longer one: the count is what was shown.
  const estimated = last?.estimated === true && query.hasNextPage;
  return { ...query, items, total, estimated };
}
