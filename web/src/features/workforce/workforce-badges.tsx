import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import type { TaskPriority, TaskStatus, TechnicianStatus } from './model';

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <StatusBadge kind="task" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return (
    <StatusBadge kind="priority" value={priority}>
      {t(`priority.${priority}`)}
    </StatusBadge>
  );
}

export function TechnicianStatusBadge({ status }: { status: TechnicianStatus }) {
  const { t } = useTranslation('technicians');
  return (
    <StatusBadge kind="technician" value={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
