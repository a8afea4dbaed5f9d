import { useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { useLocation } from 'wouter';
import { BellRing, CircleCheck, Mail, MessageSquare, Send } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useNotify } from '../workforce.api';
import { NOTIFICATION_CHANNELS, type Channel, type Delivery } from '../model';

/** Email and SMS on, push off (spec). */
export const DEFAULT_CHANNELS: Record<Channel, boolean> = { email: true, sms: true, push: false };
const ICONS = { email: Mail, sms: MessageSquare, push: BellRing } as const;

/** The channel switches, shared with the bulk-assign dialog. */
export function ChannelSwitches({
  value,
  onChange,
}: {
  value: Record<Channel, boolean>;
  onChange: (value: Record<Channel, boolean>) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <ul className="flex flex-col divide-y rounded-md border" data-testid="channels">
      {NOTIFICATION_CHANNELS.map((channel) => {
        const Icon = ICONS[channel];
        const id = `channel-${channel}`;
        return (
          <li key={channel} className="flex min-h-12 items-center gap-3 px-3">
            <Icon className="size-4 text-muted-foreground" aria-hidden />
            <label htmlFor={id} className="flex-1 text-sm font-medium">
              {t(`assigned.${channel}`)}
            </label>
            <Switch id={id} checked={value[channel]} onCheckedChange={(on) => onChange({ ...value, [channel]: on })} />
          </li>
        );
      })}
    </ul>
  );
}

/** "Sent via: Email, SMS (queued)": each channel with how its delivery went. */
export function deliverySummary(deliveries: Delivery[], t: (key: string, options?: Record<string, unknown>) => string): string {
  const names = deliveries.map((d) => {
    const channel = t(`assigned.${d.channel}`);
    if (d.status === 'failed') return t('assigned.failed', { channel });
    if (d.status === 'queued' || d.status === 'pending') return t('assigned.queued', { channel });
    return channel;
  });
  return t('assigned.sentBody', { channels: names.join(', ') });
}

export function chosenChannels(value: Record<Channel, boolean>): Channel[] {
  return NOTIFICATION_CHANNELS.filter((channel) => value[channel]);
}

/** After an assignment: who got what, and "Confirm & Send" the notifications. */
export function AssignedDialog({
  taskId,
  taskTitle,
  technicianName,
  onClose,
}: {
  taskId: number;
  taskTitle: string;
  technicianName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [, navigate] = useLocation();
  const [channels, setChannels] = useState(DEFAULT_CHANNELS);
  const notify = useNotify();
  const chosen = chosenChannels(channels);

  const send = () =>
    notify.mutate(
      { taskId, channels: chosen },
      {
        onSuccess: (deliveries) => {
          onClose();
          const allFailed = deliveries.length > 0 && deliveries.every((d) => d.status === 'failed');
          toast({
            variant: allFailed ? 'destructive' : 'success',
            title: allFailed ? t('assigned.failedTitle') : t('assigned.sentTitle'),
            description: deliverySummary(deliveries, t),
          });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="assigned-dialog">
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-success/10 text-success">
            <CircleCheck className="size-6" aria-hidden />
          </div>
          <DialogTitle>{t('assigned.title')}</DialogTitle>
          <DialogDescription>{t('assigned.description')}</DialogDescription>
        </DialogHeader>
        <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium">
          {t('assigned.summary', { task: taskTitle, technician: technicianName })}
        </p>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">{t('assigned.channels')}</p>
          <ChannelSwitches value={channels} onChange={setChannels} />
          {chosen.length === 0 && <p className="text-xs text-muted-foreground">{t('assigned.chooseChannel')}</p>}
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              onClose();
              navigate('/');
            }}
          >
            {t('assigned.returnToDashboard')}
          </Button>
          <Button onClick={send} disabled={chosen.length === 0} loading={notify.isPending}>
            {!notify.isPending && <Send className="rtl:-scale-x-100" aria-hidden />}
            {t('assigned.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
