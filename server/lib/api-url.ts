/** Whether a URL is answered by the API (JSON, never stored) rather than by the web app's pages. */
export function isApiUrl(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/');
}
