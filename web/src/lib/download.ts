/**
 * Hands a file made in the browser to the user as a download, through a temporary link. The
 * address is revoked a while later: a browser may go on reading the file after click() returns.
 */
export function downloadBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Text as a downloaded file (a CSV unless `type` says otherwise). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), fileName);
}
