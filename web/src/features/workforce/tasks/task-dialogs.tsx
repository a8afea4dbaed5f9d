import { toast } from '@/components/ui/toast';
import { useTranslation } from '@/lib/translation';
import { assignedState, type TaskDialogState } from './dialog-state';
import { AssignedDialog } from './assigned-dialog';
import { TaskDetailDialog } from './task-detail';
import { NewTaskDialog } from './task-form';

/** The task dialogs (new, detail, assignment confirmation), loaded the first time one opens. */
export default function TaskDialogs({ state, onChange }: { state: TaskDialogState; onChange: (state: TaskDialogState | null) => void }) {
  const { t } = useTranslation('tasks');
  const close = () => onChange(null);
  switch (state.kind) {
    case 'new':
      return (
        <NewTaskDialog
          onClose={close}
          onCreated={(task) => {
            if (task.technicianId) {
              onChange(assignedState(task));
              return;
            }
            close();
            toast({ variant: 'success', title: t('create.createdTitle'), description: t('create.createdBody', { title: task.title }) });
          }}
        />
      );
    case 'task':
      return <TaskDetailDialog taskId={state.taskId} onClose={close} onAssigned={(task, name) => onChange(assignedState(task, name))} />;
    case 'assigned':
      return <AssignedDialog taskId={state.taskId} taskTitle={state.taskTitle} technicianName={state.technicianName} onClose={close} />;
  }
}
