import { useLocation } from 'wouter';

/** The record id of a view path ("/customers/12" -> 12) under `base`, or null on the list itself. */
export function detailIdOf(pathname: string, base: string): number | null {
  if (!pathname.startsWith(`${base}/`)) return null;
  const match = /^([1-9]\d{0,14})\/?$/.exec(pathname.slice(base.length + 1));
  return match ? Number(match[1]) : null;
}

export function useDetailId(base: string): number | null {
  const [location] = useLocation();
  return detailIdOf(location, base);
}
