import { useState } from 'react';
import type { AuditEntry } from '@core/contracts/audit.ts';
import { useTranslation } from '@/lib/translation';
import type { BadgeVariant } from '@/components/ui/badge';

/** How an action's badge is coloured in the audit log and a record's history. */
export const AUDIT_ACTION_TONE: Record<string, BadgeVariant> = {
  create: 'success',
  update: 'info',
  delete: 'destructive',
  sign_in_failed: 'warning',
};

/** A value as the log shows it: text as it is, nothing as a dash, anything else as JSON, long ones cut. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The fields a change touched, each with its value before and after; the first few, then "and n more". */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const [all, setAll] = useState(false);
  const details = Object.entries(entry.details);
  if (entry.changes.length === 0 && details.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = all ? entry.changes : entry.changes.slice(0, 3);
  return (
    <div className="relative flex flex-col gap-1 text-xs" data-testid="audit-changes">
      {shown.map((change) => (
        <div key={change.field} className="flex flex-wrap items-baseline gap-x-1.5" data-testid="audit-change">
          <code className="rounded bg-muted px-1 font-mono text-[11px]" dir="ltr">
            {change.field}
          </code>
          {entry.action === 'update' && (
            <>
              <bdi className="text-muted-foreground line-through decoration-muted-foreground/60">{shownValue(change.before)}</bdi>
              <span aria-hidden className="inline-block text-muted-foreground rtl:rotate-180">
                →
              </span>
              <span className="sr-only">{t('changedTo')}</span>
            </>
          )}
          <bdi>{shownValue(entry.action === 'delete' ? change.before : change.after)}</bdi>
        </div>
      ))}
      {entry.changes.length > 3 && (
        <button type="button" className="w-fit text-primary hover:underline" onClick={() => setAll(!all)} data-testid="audit-more">
          {all ? t('fewer') : t('more', { n: entry.changes.length - 3 })}
        </button>
      )}
      {details.map(([key, value]) => (
        <div key={key} className="flex flex-wrap items-baseline gap-x-1.5">
          <span className="text-muted-foreground">{t(`details.${key}`, { defaultValue: key })}</span>
          <bdi>{shownValue(value)}</bdi>
        </div>
      ))}
    </div>
  );
}
