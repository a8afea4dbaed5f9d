import { Mail, MessageSquare, Send } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CardLoadMore, ListError } from '@/shared/list-frame';
import { StatusBadge } from '@/shared/status-badge';
import { customerMessagesKey, type CustomerMessage } from './customers.api';

/** Why a message did not go, in the reader's language: a skip reason, or the mail server's own answer. */
function Reason({ message }: { message: CustomerMessage }) {
  const { t } = useTranslation('customers');
  if (!message.reason) return null;
  const text =
    message.status === 'skipped'
      ? t(`messages.reasons.${message.reason}`, { defaultValue: message.reason })
      : t('messages.failedBecause', { reason: message.reason });
  return (
    <p className="text-xs text-muted-foreground" data-testid="customer-message-reason">
      {text}
    </p>
  );
}

function MessageItem({ message }: { message: CustomerMessage }) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  const Icon = message.channel === 'email' ? Mail : MessageSquare;
  // The words as sent read in their own language's direction, whatever the page's.
  const dir = message.language === 'ar' ? 'rtl' : 'ltr';
  return (
    <li className="flex flex-col gap-1.5 rounded-md border p-3" data-testid="customer-message" data-status={message.status}>
      <div className="flex flex-wrap items-center gap-1.5">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        <span className="text-sm font-medium">{t(`messages.channels.${message.channel}`)}</span>
        <StatusBadge kind="message" value={message.status}>
          {t(`messages.statuses.${message.status}`)}
        </StatusBadge>
        <span className="ms-auto text-xs text-muted-foreground">{format.dateTime(message.createdAt)}</span>
      </div>
      <p className="text-xs text-muted-foreground">{t(`messages.kinds.${message.kind}`)}</p>
      <p className="text-sm font-medium" dir={dir} lang={message.language}>
        {message.subject}
      </p>
      {message.recipient && (
        <p className="text-xs text-muted-foreground">
          {t('messages.to')} <span dir="ltr">{message.recipient}</span>
          {' · '}
          {t(`languages.${message.language}`)}
        </p>
      )}
      <Reason message={message} />
      <details className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-primary">{t('messages.read')}</summary>
        <p
          className="mt-2 whitespace-pre-wrap rounded bg-muted/50 p-2"
          dir={dir}
          lang={message.language}
          data-testid="customer-message-body"
        >
          {message.body}
        </p>
      </details>
    </li>
  );
}

/**
 * What Workbay wrote to the customer (service reminders by e-mail and SMS), newest first: each
 * with its channel, what became of it and why not when it did not go, and the words as sent.
 */
export function CustomerMessages({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customers');
  const list = usePagedList<CustomerMessage>(customerMessagesKey(customerId));
  return (
    <Card className="overflow-hidden" data-testid="customer-messages">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Send className="size-4 text-muted-foreground" aria-hidden />
          {t('messages.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('messages.description')}</p>
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <ListError title={t('messages.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : list.items.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="customer-messages-empty">
            {t('messages.none')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {list.items.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ul>
        )}
      </CardContent>
      <CardLoadMore list={list} showingText={(shown, total) => t('messages.showing', { shown, total })} moreText={t('messages.more')} />
    </Card>
  );
}
