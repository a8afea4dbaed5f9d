import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Bot, MessageSquarePlus, SendHorizontal, User } from 'lucide-react';
import { useAuth, useTenantId } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ListError } from '@/shared/list-frame';
import { conversationQuery, useChat } from './ai.api';
import { toastFailed } from './ai-messages';
import type { ChatAnswer, ChatTurn } from './model';
import { hyphenatedCodes, latinRuns } from './chat-lines';
import { CitationLink } from './result-parts';
import { textDirection } from './reveal';

/** A message on the screen: a stored turn, plus what the answer said of itself. */
type Turn = ChatTurn & { tool?: string | null; engine?: ChatAnswer['engine'] };

const EXAMPLES = ['overdueJobs', 'lowStock', 'today', 'overdueInvoices'] as const;
/** What the server keeps of a conversation's history per call (chatInput: 50 turns of 4000 characters). */
const HISTORY_TURNS = 50;

/** The last conversation of this user in this browser, reopened on return. */
const storageKey = (userId: number) => `workbay.ai.conversation.${userId}`;
function storedConversation(userId: number): number | null {
  try {
    const value = Number(localStorage.getItem(storageKey(userId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function storeConversation(userId: number, id: number | null) {
  try {
    if (id === null) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), String(id));
  } catch {
    // Private mode: the conversation is not reopened.
  }
}

/** A Latin run of an Arabic line, isolated, its codes kept whole on a line. */
function LatinRun({ text }: { text: string }) {
  return (
    <bdi>
      {hyphenatedCodes(text).map((part, at) =>
        at % 2 ? (
          <span key={at} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </bdi>
  );
}

function Message({ turn }: { turn: Turn }) {
  const { t } = useTranslation('ai');
  const mine = turn.role === 'user';
  const Icon = mine ? User : Bot;
  const direction = textDirection(turn.content);
  return (
    <li
      className={cn('flex gap-2', mine && 'flex-row-reverse')}
      data-testid={mine ? 'chat-question' : 'chat-answer'}
      data-tool={turn.tool ?? undefined}
    >
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden>
        <Icon className="size-4" />
      </span>
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-md px-3 py-2 text-sm',
          mine ? 'bg-primary text-primary-foreground' : 'border bg-card',
        )}
      >
        <span className="sr-only">{mine ? t('chat.you') : t('chat.assistant')}: </span>
        {/* One line per paragraph, all in the answer's direction: a list line that starts with a
            Latin name ("- Brake pads ...") still reads right to left in an Arabic answer, and its
            Latin runs (names, SKUs, numbers) are isolated so the figures after them stay Arabic's. */}
        <div className="flex flex-col break-words" dir={direction} data-testid="chat-text">
          {turn.content.split('\n').map((line, index) => (
            <p key={index} className={line.trim() ? undefined : 'h-2'}>
              {direction === 'rtl'
                ? latinRuns(line).map((piece, at) => (piece.latin ? <LatinRun key={at} text={piece.text} /> : piece.text))
                : line}
            </p>
          ))}
        </div>
        {!mine && turn.citations && turn.citations.length > 0 && (
          <div className="flex flex-col gap-1 border-t pt-2" data-testid="chat-citations">
            <span className="text-xs text-muted-foreground">{t('chat.sources')}</span>
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {turn.citations.map((citation) => (
                <li key={`${citation.kind}-${citation.id}`}>
                  <CitationLink citation={citation} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {!mine && (turn.tool === null || turn.engine) && (
          <div className="flex flex-wrap gap-1">
            {turn.tool === null && (
              <Badge variant="warning" data-testid="cant-answer">
                {t('chat.cantAnswer')}
              </Badge>
            )}
            {turn.engine && <Badge variant="neutral">{t(turn.engine === 'model' ? 'chat.model' : 'chat.offline')}</Badge>}
          </div>
        )}
      </div>
    </li>
  );
}

/** The chat: questions about the workshop answered from its records, each answer citing them. */
export default function ChatTab() {
  const { t } = useTranslation('ai');
  const tenantId = useTenantId();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const [conversationId, setConversationId] = useState<number | null>(() => storedConversation(userId));
  const [turns, setTurns] = useState<Turn[] | null>(conversationId === null ? [] : null);
  const [text, setText] = useState('');
  const chat = useChat(tenantId);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The stored conversation, read once when the tab opens with one.
  const stored = useQuery({
    ...conversationQuery(tenantId, conversationId ?? 0),
    enabled: turns === null && conversationId !== null && tenantId > 0,
  });
  if (turns === null && stored.data) setTurns(stored.data.messages);
  // A conversation that is gone (or another user's) starts afresh.
  if (turns === null && stored.isError && stored.error && 'status' in stored.error && stored.error.status === 404) {
    setTurns([]);
    setConversationId(null);
  }

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, chat.isPending]);

  const send = (message: string) => {
    const question = message.trim();
    // Spec section 5: an empty chat message is ignored.
    if (!question || chat.isPending || turns === null) return;
    const before = turns;
    setTurns([...before, { role: 'user', content: question }]);
    setText('');
    chat.mutate(
      {
        message: question,
        history: before.slice(-HISTORY_TURNS).map((turn) => ({ role: turn.role, content: turn.content.slice(0, 4000) })),
        conversationId: conversationId ?? undefined,
      },
      {
        onSuccess: (answer) => {
          setTurns((current) => [
            ...(current ?? []),
            { role: 'assistant', content: answer.response, citations: answer.citations, tool: answer.tool, engine: answer.engine },
          ]);
          setConversationId(answer.conversationId);
          storeConversation(userId, answer.conversationId);
        },
        onError: (error) => {
          // The question goes back into the box to send again.
          setTurns(before);
          setText(question);
          toastFailed(t, 'chat', error);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(text);
  };
  const restart = () => {
    setTurns([]);
    setConversationId(null);
    storeConversation(userId, null);
    chat.reset();
    input.current?.focus();
  };

  let body;
  if (turns === null && stored.isError)
    body = (
      <div className="p-4">
        <ListError error={stored.error} title={t('chat.loadFailed')} onRetry={() => stored.refetch()} />
      </div>
    );
  else if (turns === null)
    body = (
      <div className="flex flex-col gap-3 p-4" aria-busy="true" data-testid="chat-loading">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="ms-auto h-10 w-1/2" />
        <Skeleton className="h-16 w-3/4" />
      </div>
    );
  else
    body = (
      <ul className="flex flex-col gap-3 p-4" aria-live="polite" data-testid="chat-messages">
        {turns.length === 0 && (
          <li className="flex flex-col gap-2 text-sm text-muted-foreground" data-testid="chat-welcome">
            <span>{t('chat.welcome')}</span>
            <div className="flex flex-wrap gap-2">
              {EXAMPLES.map((example) => (
                <Button
                  key={example}
                  variant="outline"
                  size="sm"
                  onClick={() => send(t(`chat.examples.${example}`))}
                  data-testid="chat-example"
                >
                  {t(`chat.examples.${example}`)}
                </Button>
              ))}
            </div>
          </li>
        )}
        {turns.map((turn, index) => (
          <Message key={index} turn={turn} />
        ))}
        {chat.isPending && (
          <li className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="chat-thinking">
            <Bot className="size-4" aria-hidden />
            {t('chat.thinking')}
          </li>
        )}
      </ul>
    );

  return (
    <Card className="flex h-[calc(100dvh-15rem)] min-h-[26rem] flex-col overflow-hidden md:h-[calc(100dvh-14rem)]" data-testid="chat">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 border-b">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('chat.title')}</CardTitle>
          <CardDescription className="hidden sm:block">{t('chat.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={restart} disabled={chat.isPending} data-testid="chat-new">
          <MessageSquarePlus aria-hidden />
          {t('chat.newConversation')}
        </Button>
      </CardHeader>
      <div ref={list} className="min-h-0 flex-1 overflow-y-auto">
        {body}
      </div>
      <form className="flex items-center gap-2 border-t p-3" onSubmit={submit} data-testid="chat-form">
        <label htmlFor="chat-message" className="sr-only">
          {t('fields.message')}
        </label>
        <Input
          id="chat-message"
          ref={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('chat.placeholder')}
          maxLength={2000}
          dir="auto"
          autoComplete="off"
          enterKeyHint="send"
          data-testid="chat-input"
        />
        <Button type="submit" loading={chat.isPending} aria-label={t('chat.send')} data-testid="chat-send">
          <SendHorizontal className="rtl:-scale-x-100" aria-hidden />
          <span className="hidden sm:inline">{t('chat.send')}</span>
        </Button>
      </form>
    </Card>
  );
}
