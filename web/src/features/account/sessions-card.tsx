import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import type { DeviceType } from '@core/contracts/sessions.values.ts';
import { useTranslation } from '@/lib/translation';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { ListError } from '@/shared/list-frame';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { errorMessage } from '@/lib/errors';
import { sessionsQuery, useRevokeSession, useSignOutOthers, type ActiveSession } from './sessions.api';

const DEVICE_ICONS: Record<DeviceType, typeof Monitor> = {
  desktop: Monitor,
  phone: Smartphone,
  tablet: Tablet,
  unknown: MonitorSmartphone,
};

/** "Chrome on Windows", or what is known of it. */
function useDeviceName() {
  const { t } = useTranslation('account');
  return (session: Pick<ActiveSession, 'browser' | 'os' | 'deviceType'>) => {
    if (session.browser && session.os) return t('sessions.browserOn', { browser: session.browser, os: session.os });
    return session.browser ?? session.os ?? t('sessions.unknownBrowser');
  };
}

function SessionRow({ session, onSignOut }: { session: ActiveSession; onSignOut: (session: ActiveSession) => void }) {
  const { t } = useTranslation('account');
  const format = useFormatters();
  const name = useDeviceName();
  const Icon = DEVICE_ICONS[session.deviceType];
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <Icon className="size-4" aria-hidden />
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{name(session)}</span>
            <span className="text-xs text-muted-foreground">{t(`common:devices.${session.deviceType}`)}</span>
            {session.current && (
              <Badge variant="success" data-testid="session-current">
                {t('sessions.thisDevice')}
              </Badge>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {session.ipAddress && (
              <>
                <span dir="ltr">{session.ipAddress}</span>
                {' · '}
              </>
            )}
            {session.current ? t('sessions.activeNow') : t('sessions.lastSeen', { when: format.dateTime(session.lastSeenAt) })}
          </p>
          <p className="text-xs text-muted-foreground">{t('sessions.signedIn', { when: format.dateTime(session.signedInAt) })}</p>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="w-full sm:w-auto" onClick={() => onSignOut(session)} data-testid="session-sign-out">
          <LogOut aria-hidden />
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** /profile?tab=security: where I am signed in, with a sign-out for each other session and for all of them. */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const sessions = useQuery(sessionsQuery);
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const name = useDeviceName();
  const [asking, setAsking] = useState<ActiveSession | 'others' | null>(null);
  const list = sessions.data ?? [];
  const hasOthers = list.some((s) => !s.current);

  const confirm = () => {
    if (asking === 'others') {
      others.mutate(undefined, {
        onSuccess: ({ ended }) => toastSuccess(t, t('sessions.othersDone', { count: ended })),
        onError: (error) => toastFailure(t, error, t('sessions.failed'), 'account'),
        onSettled: () => setAsking(null),
      });
    } else if (asking) {
      revoke.mutate(asking.id, {
        onSuccess: () => toastSuccess(t, t('sessions.oneDone')),
        onError: (error) => toastFailure(t, error, t('sessions.failed'), 'account'),
        onSettled: () => setAsking(null),
      });
    }
  };

  return (
    <Card data-testid="sessions-card">
      <CardHeader className="flex-col items-start justify-between gap-3 sm:flex-row">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <MonitorSmartphone className="size-4 text-muted-foreground" aria-hidden />
            {t('sessions.title')}
          </CardTitle>
          <CardDescription>{t('sessions.description')}</CardDescription>
        </div>
        {hasOthers && (
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking('others')} data-testid="sessions-sign-out-others">
            <LogOut aria-hidden />
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : sessions.isError ? (
          <ListError
            title={t('sessions.loadFailed')}
            detail={errorMessage(sessions.error, t)}
            onRetry={() => void sessions.refetch()}
            testId="sessions-error"
          />
        ) : (
          <ul className="divide-y" aria-label={t('sessions.title')} data-testid="sessions-list">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} onSignOut={setAsking} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'others' ? t('sessions.confirmOthersTitle') : t('sessions.confirmOneTitle')}
        body={asking === 'others' ? t('sessions.confirmOthersBody') : t('sessions.confirmOneBody', { device: asking ? name(asking) : '' })}
        confirmLabel={asking === 'others' ? t('sessions.signOutOthers') : t('sessions.signOut')}
        pending={revoke.isPending || others.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
        testId="sessions-confirm"
        confirmTestId="sessions-confirm-sign-out"
      />
    </Card>
  );
}
