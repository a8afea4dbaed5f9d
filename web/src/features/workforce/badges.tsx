import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { TaskPriority, TaskStatus, TechnicianStatus } from './model';

/** One colour per status and priority, the same on every screen. */
export const TASK_STATUS_VARIANT: Record<TaskStatus, BadgeVariant> = {
  pending: 'outline',
  assigned: 'info',
  in_progress: 'primary',
  completed: 'success',
  cancelled: 'neutral',
};
export const PRIORITY_VARIANT: Record<TaskPriority, BadgeVariant> = {
  low: 'neutral',
  medium: 'info',
  high: 'warning',
  urgent: 'destructive',
};
export const TECHNICIAN_STATUS_VARIANT: Record<TechnicianStatus, BadgeVariant> = {
  active: 'success',
  inactive: 'neutral',
  on_leave: 'warning',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={TASK_STATUS_VARIANT[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} data-priority={priority}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}

export function TechnicianStatusBadge({ status }: { status: TechnicianStatus }) {
  const { t } = useTranslation('technicians');
  return <Badge variant={TECHNICIAN_STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
