import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Download, FileText, Paperclip, Upload } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { formatFixed } from '@/lib/format';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { attachmentsQuery, downloadUrl, useUpload } from './workforce.api';

/** What the server accepts (core/contracts/attachments.ts ATTACHMENT_TYPES). */
export const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,image/gif,image/heic,application/pdf,text/plain,text/csv';

/** A task's or technician's files: name and size in MB (one decimal), download, and upload. */
export function Attachments({
  entityType,
  entityId,
  canUpload,
}: {
  entityType: 'task' | 'technician';
  entityId: number;
  canUpload: boolean;
}) {
  const { t, i18n } = useTranslation('tasks');
  const { data, isLoading } = useQuery(attachmentsQuery(entityType, entityId));
  const upload = useUpload(entityType, entityId);
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (saved) =>
        toast({ variant: 'success', title: t('toast.success'), description: t('detail.uploaded', { name: saved.originalName }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('detail.uploadFailed'), description: errorMessage(error, t) }),
    });
    if (input.current) input.current.value = '';
  };

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
                {t('detail.sizeMb', { size: formatFixed(file.size / (1024 * 1024), i18n.language, 1) })}
              </span>
              <a
                href={downloadUrl(file)}
                download={file.originalName}
                className={buttonClasses({ variant: 'ghost', size: 'icon' })}
                aria-label={t('detail.download', { name: file.originalName })}
              >
                <Download aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Paperclip className="size-4" aria-hidden />
          {t('detail.noAttachments')}
        </p>
      )}
      {canUpload && (
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
            {t('detail.addAttachment')}
          </Button>
        </div>
      )}
    </div>
  );
}
