import type { ImportResult } from '@core/contracts/imports.ts';
import { ApiError, toApiError } from '@/lib/api';
import { downloadBlob } from '@/lib/download';

export type { ImportResult };
export type ImportError = ImportResult['errors'][number];

const UNREACHABLE = 'Unable to reach the server. Check your connection.';

/** The file name in a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** GETs a CSV export and hands it to the browser as a download; answers the file name. */
export async function downloadCsv(url: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError({ status: 0, serverMessage: UNREACHABLE, code: 'network.unreachable' });
  }
  if (!res.ok) throw await toApiError(res);
  const name = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  downloadBlob(await res.blob(), name);
  return name;
}

/**
 * POSTs an import (rows keyed by header) with upload progress (`onUpload(sent, total)` in bytes).
 * A dry run only validates. Failures throw an ApiError like every other call.
 */
export function postImport(
  url: string,
  rows: Record<string, string>[],
  dryRun: boolean,
  options: { onUpload?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUpload?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      const type = xhr.getResponseHeader('Content-Type');
      if (type) headers.set('Content-Type', type);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportResult);
        } catch {
          reject(new ApiError({ status: xhr.status, serverMessage: 'The server sent an unreadable answer' }));
        }
        return;
      }
      void toApiError(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers })).then(reject, reject);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, serverMessage: UNREACHABLE, code: 'network.unreachable' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(JSON.stringify({ rows, dryRun }));
  });
}

/** The per-row errors of a refused import (400 `import.invalid`), or null for any other failure. */
export function importErrorsOf(error: unknown): ImportError[] | null {
  if (!(error instanceof ApiError) || error.code !== 'import.invalid') return null;
  const errors = error.params?.errors;
  return Array.isArray(errors) ? (errors as ImportError[]) : null;
}
