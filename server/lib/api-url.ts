/** Whether a URL is answered by the API (JSON, never stored) rather than by the web app's pages. */
export function isApiUrl(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/');
}

/**
 * Whether a URL names one of the web app's files (a built asset, the favicon): answered from
 * disk the same to everyone, so nothing about the caller (the session) is looked up for it.
 */
export function isWebFileUrl(url: string): boolean {
  if (isApiUrl(url)) return false;
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}
