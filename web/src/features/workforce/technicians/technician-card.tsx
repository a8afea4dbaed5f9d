import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/translation';
import { CircleCheck, Mail, MessageSquare, MoreVertical, Phone, Star } from 'lucide-react';
import { isWorkloadTextAccent, workloadPercent, workloadTone } from '@core/rules/workload.ts';
import { formatFixed, formatNumber, formatPercent } from '@/lib/format';
import { cn, fullName } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonClasses, Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { TechnicianStatusBadge } from '../workforce-badges';
import { ratingOf, type Technician } from '../model';

/** The spec's two workload colours: "accent" (60% or more) is our warning tone, "secondary" the primary. */
export const WORKLOAD_TONE = { accent: 'warning', secondary: 'primary' } as const;

export const MAX_SKILL_BADGES = 2;

type Props = {
  technician: Technician;
  selectionMode: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (technician: Technician) => void;
  onEdit?: (technician: Technician) => void;
  canManage: boolean;
};

const loadOptionsMenu = () => import('./technician-options-menu').then((module) => module.TechnicianOptionsMenu);

/** The card's options button: the options menu's trigger, and its stand-in until the menu's code is in. */
export const OptionsButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { name: string; busy?: boolean }>(
  function OptionsButton({ name, busy = false, ...props }, ref) {
    const { t } = useTranslation('technicians');
    return (
      <Button
        ref={ref}
        variant="ghost"
        size="icon"
        className="relative z-10 -me-2 -mt-1"
        aria-label={t('card.options', { name })}
        loading={busy}
        {...props}
      >
        {!busy && <MoreVertical aria-hidden />}
      </Button>
    );
  },
);

export function TechnicianCard({ technician, selectionMode, selected, onToggle, onOpen, onEdit, canManage }: Props) {
  const { t, i18n } = useTranslation('technicians');
  const lang = i18n.language;
  const name = fullName(technician.firstName, technician.lastName);
  const percent = workloadPercent(technician._count.activeTasks);
  const tone = WORKLOAD_TONE[workloadTone(percent)];
  const skills = technician.skills.map((s) => s.skill.name);
  const shown = skills.slice(0, MAX_SKILL_BADGES);
  const rest = skills.length - shown.length;
  const phone = technician.phone?.trim();

  return (
    <Card
      className={cn(
        'relative flex flex-col gap-4 p-4 transition-shadow hover:shadow-pop',
        selected && 'border-primary ring-2 ring-primary/30',
        technician.status === 'inactive' && 'bg-muted/30',
      )}
      data-testid="technician-card"
      data-technician-id={technician.id}
      data-selected={selectionMode ? selected : undefined}
    >
      <div className="flex items-start gap-3">
        <div className="relative">
          <Avatar firstName={technician.firstName} lastName={technician.lastName} src={technician.profileImageUrl} size="md" />
          <span
            className={cn(
              'absolute -bottom-0.5 -end-0.5 size-3 rounded-full border-2 border-card',
              tone === 'warning' ? 'bg-warning' : 'bg-primary',
            )}
            data-testid="workload-dot"
            data-tone={tone}
            aria-hidden
          />
        </div>
        <div className="min-w-0 flex-1">
          {/* The name's button covers the card: a click opens the details (or selects in bulk mode). */}
          <button
            type="button"
            onClick={() => (selectionMode ? onToggle(technician.id) : onOpen(technician))}
            aria-pressed={selectionMode ? selected : undefined}
            aria-label={selectionMode ? t('card.select', { name }) : t('card.open', { name })}
            className="block max-w-full truncate text-start font-semibold outline-none after:absolute after:inset-0 after:rounded-md after:content-[''] focus-visible:after:ring-3 focus-visible:after:ring-ring/40"
          >
            {name}
          </button>
          <p className="truncate text-sm text-muted-foreground">{technician.title}</p>
          <p
            className="mt-1 flex items-center gap-1 text-sm"
            aria-label={`${t('card.rating')}: ${formatFixed(ratingOf(technician), lang, 1)}`}
          >
            <Star className="size-4 fill-warning text-warning" aria-hidden />
            <span className="font-medium">{formatFixed(ratingOf(technician), lang, 1)}</span>
          </p>
        </div>
        {selectionMode ? (
          <span
            className={cn(
              'flex size-6 shrink-0 items-center justify-center rounded-full border-2',
              selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card',
            )}
            data-testid="selection-mark"
            aria-hidden
          >
            {selected && <CircleCheck className="size-4" />}
          </span>
        ) : (
          canManage && (
            <LazyMenu
              load={loadOptionsMenu}
              button={(handlers) => <OptionsButton name={name} {...handlers} />}
              props={{ technician, onEdit }}
            />
          )
        )}
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between text-xs">
          <span className="text-muted-foreground">{t('card.workload')}</span>
          <span
            className={cn('tabular-nums', isWorkloadTextAccent(percent) ? 'font-semibold text-warning' : 'text-muted-foreground')}
            data-testid="workload-percent"
          >
            {formatPercent(percent, lang)}
          </span>
        </div>
        <Progress value={percent} tone={tone} size="sm" label={t('card.workload')} />
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{t('card.activeTasks', { n: formatNumber(technician._count.activeTasks, lang) })}</span>
          <span>{t('card.completedTasks', { n: formatNumber(technician._count.completedTasks, lang) })}</span>
        </div>
      </div>

      <div className="flex min-h-6 flex-wrap items-center gap-1.5">
        {technician.status !== 'active' && <TechnicianStatusBadge status={technician.status} />}
        {shown.map((skill) => (
          <Badge key={skill} variant="primary">
            {skill}
          </Badge>
        ))}
        {rest > 0 && (
          <Badge
            variant="outline"
            dir="ltr"
            title={skills.slice(MAX_SKILL_BADGES).join(', ')}
            aria-label={t('card.moreSkills', { n: rest })}
          >
            {t('card.more', { n: rest })}
          </Badge>
        )}
      </div>

      {!selectionMode && (
        <div className="relative z-10 mt-auto flex gap-2 border-t pt-3">
          {phone && (
            <a
              href={`tel:${phone}`}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}
              onClick={() => toast({ title: t('toast.contactTitle'), description: t('toast.contactBody', { name }) })}
            >
              <Phone aria-hidden />
              {t('card.contact')}
            </a>
          )}
          <a
            href={phone ? `sms:${phone}` : `mailto:${technician.email}`}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}
            onClick={() => toast({ title: t('toast.messageTitle'), description: t('toast.messageBody', { name }) })}
          >
            {phone ? <MessageSquare aria-hidden /> : <Mail aria-hidden />}
            {t('card.message')}
          </a>
        </div>
      )}
    </Card>
  );
}

export function TechnicianCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="technician-skeleton">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-2 w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-6 w-16" />
        <Skeleton className="h-6 w-20" />
      </div>
      <Skeleton className="h-8 w-full" />
    </Card>
  );
}
