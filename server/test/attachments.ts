import type { Client } from './app.ts';

/** A multipart/form-data body with one file, as a browser's FormData sends it, posted to /api/attachments. */
export function uploadAttachment(client: Client, query: string, name: string, type: string, content: Buffer) {
  const boundary = '----workbay' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request('POST', `/api/attachments?${query}`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

/** The smallest PNG header the upload accepts. */
export const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
