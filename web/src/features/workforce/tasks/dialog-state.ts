import { fullName } from '@/lib/utils';
import type { Task } from '../model';

export type TaskDialogState =
  { kind: 'new' } | { kind: 'task'; taskId: number } | { kind: 'assigned'; taskId: number; taskTitle: string; technicianName: string };

export function assignedState(task: Task, technicianName?: string): TaskDialogState {
  return {
    kind: 'assigned',
    taskId: task.id,
    taskTitle: task.title,
    technicianName: technicianName ?? (task.technician ? fullName(task.technician.firstName, task.technician.lastName) : ''),
  };
}
