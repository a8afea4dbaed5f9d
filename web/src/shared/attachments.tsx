import { useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Download, FileText, Paperclip, Trash2, Upload } from 'lucide-react';
import type { Attachment } from '@core/contracts/attachments.ts';
import { apiRequest, ApiError, toApiError } from '@/lib/api';
import { formatFixed } from '@/lib/format';
import { useEntityMutation } from '@/lib/query-keys';
import { useTranslation } from '@/lib/translation';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from './confirm-dialog';
import { notifyFailure, notifySuccess } from './messages';

/** What a file can be attached to (core/contracts/attachments.ts attachmentEntity). */
export type AttachmentOwner = 'task' | 'technician' | 'customer';

/** What the server accepts (core/contracts/attachments.ts ATTACHMENT_TYPES). */
export const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,application/pdf,text/plain,text/csv';

export const attachmentsQuery = (entityType: AttachmentOwner, entityId: number) =>
  queryOptions<Attachment[]>({ queryKey: ['/api/attachments', { entityType, entityId }] });

export const downloadUrl = (attachment: Pick<Attachment, 'id'>) => `/api/attachments/${attachment.id}/download`;

/** One file sent as multipart/form-data (the one upload of the API that is not JSON). */
export async function uploadAttachment(entityType: AttachmentOwner, entityId: number, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(`/api/attachments?entityType=${entityType}&entityId=${entityId}`, { method: 'POST', credentials: 'include', body });
  } catch {
    throw new ApiError({ status: 0, serverMessage: 'Unable to reach the server. Check your connection.', code: 'network.unreachable' });
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as Attachment;
}

const useUpload = (entityType: AttachmentOwner, entityId: number) =>
  useEntityMutation('attachments', (file: File) => uploadAttachment(entityType, entityId, file));

const useRemove = () => useEntityMutation('attachments', (id: number) => apiRequest<void>('DELETE', `/api/attachments/${id}`));

/**
 * A record's files (a task's, a technician's, a customer's): name and size in MB (one decimal),
 * download; with `canChange`, upload and remove (confirmed). The server decides who may change
 * which (server/modules/attachments): the screens offer it only to them.
 */
export function Attachments({ entityType, entityId, canChange }: { entityType: AttachmentOwner; entityId: number; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useQuery(attachmentsQuery(entityType, entityId));
  const upload = useUpload(entityType, entityId);
  const remove = useRemove();
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (saved) => notifySuccess(t('attachments.done'), t('attachments.uploaded', { name: saved.originalName })),
      onError: (error) => notifyFailure(t('attachments.uploadFailed'), error, t),
    });
    if (input.current) input.current.value = '';
  };
  const onRemove = (file: Attachment) =>
    remove.mutate(file.id, {
      onSuccess: () => notifySuccess(t('attachments.done'), t('attachments.removed', { name: file.originalName })),
      onError: (error) => notifyFailure(t('attachments.removeFailed'), error, t),
      onSettled: () => setRemoving(null),
    });

  return (
    <div className="flex flex-col gap-2" data-testid="attachments">
      {isLoading ? (
        <Skeleton className="h-10" />
      ) : data && data.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-md border">
          {data.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="attachment">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {file.originalName}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {t('attachments.sizeMb', { size: formatFixed(file.size / (1024 * 1024), i18n.language, 1) })}
              </span>
              <a
                href={downloadUrl(file)}
                download={file.originalName}
                className={buttonClasses({ variant: 'ghost', size: 'icon' })}
                aria-label={t('attachments.download', { name: file.originalName })}
              >
                <Download aria-hidden />
              </a>
              {canChange && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('attachments.remove', { name: file.originalName })}
                  onClick={() => setRemoving(file)}
                  data-testid="remove-attachment"
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Paperclip className="size-4" aria-hidden />
          {t('attachments.none')}
        </p>
      )}
      {canChange && (
        <div>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_FILES}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => onFile(e.target.files?.[0])}
            data-testid="attachment-input"
          />
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} loading={upload.isPending}>
            {!upload.isPending && <Upload aria-hidden />}
            {t('attachments.add')}
          </Button>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={t('attachments.removeTitle')}
          body={t('attachments.removeBody', { name: removing.originalName })}
          confirmLabel={t('attachments.removeConfirm')}
          pending={remove.isPending}
          onConfirm={() => onRemove(removing)}
          onClose={() => setRemoving(null)}
          confirmTestId="confirm-remove-attachment"
        />
      )}
    </div>
  );
}
