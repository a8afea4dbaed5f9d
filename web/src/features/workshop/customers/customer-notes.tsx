import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { MessageSquareText, Star, Trash2 } from 'lucide-react';
import { usePermissions } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { ListError } from '@/shared/list-frame';
import { customerNotesQuery, NOTE_CATEGORIES, useAddNote, useDeleteNote, type CustomerNote, type NoteCategory } from './customers.api';

/** Important notes first, then newest first. */
export function sortNotes(notes: CustomerNote[]): CustomerNote[] {
  return [...notes].sort((a, b) => Number(b.isImportant) - Number(a.isImportant) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

function AddNote({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customers');
  const add = useAddNote(customerId);
  const [note, setNote] = useState('');
  const [category, setCategory] = useState<NoteCategory>('general');
  const [important, setImportant] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(t('validation.noteRequired'));
      return;
    }
    add.mutate(
      { note: note.trim(), category, isImportant: important },
      {
        onSuccess: () => {
          setNote('');
          setImportant(false);
          setCategory('general');
          setError(null);
          toastSuccess(t, t('notes.added'));
        },
        onError: (failure) => toastFailure(t, failure, t('notes.addFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-testid="add-note-form">
      <label htmlFor="customer-note" className="sr-only">
        {t('notes.label')}
      </label>
      <Textarea
        id="customer-note"
        rows={3}
        maxLength={5000}
        value={note}
        placeholder={t('notes.placeholder')}
        aria-invalid={!!error}
        aria-describedby={error ? 'customer-note-error' : undefined}
        onChange={(event) => {
          setNote(event.target.value);
          if (error && event.target.value.trim()) setError(null);
        }}
      />
      {error && (
        <p id="customer-note-error" role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Select value={category} onValueChange={(value) => setCategory(value as NoteCategory)}>
          <SelectTrigger size="sm" className="w-36" aria-label={t('notes.category')} data-testid="note-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {NOTE_CATEGORIES.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`notes.categories.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 text-sm md:h-8">
          <Checkbox checked={important} onCheckedChange={(checked) => setImportant(checked === true)} data-testid="note-important" />
          {t('notes.important')}
        </label>
        <Button type="submit" size="sm" className="ms-auto" loading={add.isPending} data-testid="add-note">
          {t('notes.add')}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ note, customerId, canEdit }: { note: CustomerNote; customerId: number; canEdit: boolean }) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  const remove = useDeleteNote(customerId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      className={cn('flex flex-col gap-1.5 rounded-md border p-3', note.isImportant && 'border-warning/40 bg-warning/5')}
      data-testid="customer-note"
      data-important={note.isImportant || undefined}
    >
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
          {note.isImportant && (
            <Badge variant="warning">
              <Star className="fill-current" aria-hidden />
              {t('notes.important')}
            </Badge>
          )}
          <Badge variant="outline">{t(`notes.categories.${note.category}`)}</Badge>
        </div>
        {canEdit && (
          <Tooltip content={t('notes.delete')}>
            <Button
              variant="ghost"
              size="icon"
              className="-me-1 -mt-1 size-9 md:size-7"
              onClick={() => setConfirming(true)}
              aria-label={t('notes.delete')}
              data-testid="delete-note"
            >
              <Trash2 aria-hidden />
            </Button>
          </Tooltip>
        )}
      </div>
      <p className="whitespace-pre-wrap break-words text-sm">{note.note}</p>
      <p className="text-xs text-muted-foreground">
        {note.createdBy
          ? t('notes.byOn', { name: note.createdBy.name, date: format.dateTime(note.createdAt) })
          : format.dateTime(note.createdAt)}
      </p>
      {confirming && (
        <ConfirmDialog
          title={t('notes.deleteTitle')}
          body={t('notes.deleteBody')}
          confirmLabel={t('notes.delete')}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          // A promise, not mutate's callbacks: those are dropped when the note's item is gone
          // before they run (the refreshed list, or the live message of the deletion, removes it).
          onConfirm={() =>
            remove.mutateAsync(note.id).then(
              () => {
                setConfirming(false);
                toastSuccess(t, t('notes.deleted'));
              },
              (error: unknown) => {
                setConfirming(false);
                toastFailure(t, error, t('notes.deleteFailed'));
              },
            )
          }
        />
      )}
    </li>
  );
}

/** A customer's notes: staff add (with a category and an important flag) and delete; everyone reads. */
export function CustomerNotes({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customers');
  const canEdit = usePermissions().canEditCustomers;
  const notes = useQuery(customerNotesQuery(customerId));
  const sorted = notes.data ? sortNotes(notes.data) : [];
  return (
    <Card data-testid="customer-notes">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText className="size-4 text-muted-foreground" aria-hidden />
          {t('notes.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {canEdit && <AddNote customerId={customerId} />}
        {notes.isLoading ? (
          <Skeleton className="h-20" />
        ) : notes.isError ? (
          <ListError title={t('notes.failed')} error={notes.error} onRetry={() => void notes.refetch()} />
        ) : sorted.length === 0 ? (
          <p className="py-2 text-center text-sm text-muted-foreground" data-testid="notes-empty">
            {t('notes.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {sorted.map((note) => (
              <NoteItem key={note.id} note={note} customerId={customerId} canEdit={canEdit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
