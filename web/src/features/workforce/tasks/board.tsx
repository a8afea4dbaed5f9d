import { useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDndContext,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useTranslation } from '@/lib/translation';
import { CalendarClock, GripVertical, Inbox, Loader2 } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { PriorityBadge, TaskStatusBadge } from '../workforce-badges';
import type { Task, Technician } from '../model';
import { ARROWS, centreIn, dragId, dropId, nextTarget, resolveDrop, technicianOf, type DragData } from './drop';

/** Arrow keys jump from card to card (by geometry) instead of 25 px steps. */
const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = ARROWS[event.code];
  if (!direction || !context.collisionRect) return undefined;
  event.preventDefault();
  const candidates = context.droppableContainers
    .getEnabled()
    .map((container) => ({ id: String(container.id), rect: context.droppableRects.get(container.id) }))
    .filter((c): c is { id: string; rect: NonNullable<typeof c.rect> } => !!c.rect);
  const current = context.over ? String(context.over.id) : null;
  const from = (current && context.droppableRects.get(current)) || context.collisionRect;
  const next = nextTarget(from, candidates, direction, current);
  const rect = next ? context.droppableRects.get(next) : undefined;
  return rect ? centreIn(rect, context.collisionRect) : undefined;
};

/** The pointer decides for mouse and touch; the dragged item's box for the keyboard. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

type ItemProps = { task: Task; canDrag: boolean; onOpen: (taskId: number) => void; pending?: boolean; overlay?: boolean };

function TaskItemBody({ task, pending }: { task: Task; pending?: boolean }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  return (
    <>
      <span className="flex items-start gap-2">
        <span className="min-w-0 flex-1 text-sm font-medium leading-snug">
          <bdi>{task.title}</bdi>
        </span>
        {pending && <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-label={t('board.assigning')} />}
      </span>
      <span className="flex flex-wrap items-center gap-1.5">
        <PriorityBadge priority={task.priority} />
        <TaskStatusBadge status={task.status} />
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <CalendarClock className="size-3.5" aria-hidden />
          {task.dueDate ? format.date(task.dueDate) : t('board.noDueDate')}
        </span>
      </span>
    </>
  );
}

function TaskItem({ task, canDrag, onOpen, pending }: ItemProps) {
  const { t } = useTranslation('tasks');
  const data: DragData = { taskId: task.id, technicianId: task.technicianId };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId(task.id), data, disabled: !canDrag || pending });
  const { active } = useDndContext();
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (event.key === 'Enter' && !active && !event.defaultPrevented) onOpen(task.id);
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task.id)}
      role="button"
      tabIndex={0}
      aria-roledescription={canDrag ? attributes['aria-roledescription'] : undefined}
      aria-label={task.title}
      aria-describedby={canDrag ? attributes['aria-describedby'] : undefined}
      data-testid="board-task"
      data-task-id={task.id}
      className={cn(
        'group flex cursor-pointer touch-manipulation select-none flex-col gap-2 rounded-md border bg-card p-2.5 text-start shadow-card outline-none transition-shadow',
        'hover:shadow-pop focus-visible:ring-3 focus-visible:ring-ring/40',
        canDrag && 'cursor-grab active:cursor-grabbing',
        isDragging && 'opacity-40',
        pending && 'border-primary/50 bg-primary/5',
      )}
    >
      <span className="flex items-start gap-1">
        {canDrag && (
          <GripVertical className="mt-0.5 size-4 shrink-0 text-muted-foreground/60 group-hover:text-muted-foreground" aria-hidden />
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-2">
          <TaskItemBody task={task} pending={pending} />
        </span>
      </span>
      <span className="sr-only">{t('dnd.handle', { task: task.title })}</span>
    </div>
  );
}

function TechnicianColumn({
  technician,
  tasks,
  showTasks,
  canDrop,
  onOpen,
  canDrag,
  pendingTaskId,
}: {
  technician: Technician;
  tasks: Task[];
  showTasks: boolean;
  canDrop: boolean;
  onOpen: (taskId: number) => void;
  canDrag: boolean;
  pendingTaskId: number | null;
}) {
  const { t, i18n } = useTranslation('tasks');
  const { setNodeRef, isOver, active } = useDroppable({ id: dropId(technician.id), disabled: !canDrop });
  const fromHere = (active?.data.current as DragData | undefined)?.technicianId === technician.id;
  const count = showTasks ? tasks.length : technician._count.activeTasks;
  const name = fullName(technician.firstName, technician.lastName);
  return (
    <div ref={setNodeRef} className="flex">
      <Card
        className={cn(
          'flex min-h-56 w-full flex-col transition-colors',
          isOver && !fromHere && 'border-primary bg-primary/5 ring-2 ring-primary/30',
          active && !fromHere && canDrop && !isOver && 'border-dashed',
        )}
        data-testid="board-column"
        data-technician-id={technician.id}
        data-over={isOver && !fromHere ? 'true' : undefined}
        aria-label={name}
        role="region"
      >
        <div className="flex items-center gap-3 border-b p-3">
          <Avatar firstName={technician.firstName} lastName={technician.lastName} src={technician.profileImageUrl} size="sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              <bdi>{name}</bdi>
            </p>
            <p className="text-xs text-muted-foreground" data-testid="column-count">
              {t('board.tasksAssigned', { n: formatNumber(count, i18n.language) })}
            </p>
          </div>
        </div>
        {showTasks && tasks.length > 0 && (
          <div className="flex max-h-80 flex-col gap-2 overflow-y-auto p-2">
            {tasks.map((task) => (
              <TaskItem key={task.id} task={task} canDrag={canDrag} onOpen={onOpen} pending={task.id === pendingTaskId} />
            ))}
          </div>
        )}
        {!showTasks && <p className="px-3 pt-3 text-xs text-muted-foreground">{t('board.hiddenByFilter')}</p>}
        <div
          className={cn(
            'm-2 mt-auto flex min-h-12 items-center justify-center rounded-md border border-dashed px-3 text-center text-xs text-muted-foreground',
            isOver && !fromHere && 'border-primary text-primary',
          )}
        >
          {t('board.dropHint')}
        </div>
      </Card>
    </div>
  );
}

export type BoardProps = {
  technicians: Technician[];
  assigned: Task[];
  unassigned: Task[];
  showAssigned: boolean;
  showPanel: boolean;
  canAssign: boolean;
  /** The task being assigned: shown under its new technician until the lists refresh. */
  moving: { taskId: number; technicianId: number } | null;
  onAssign: (taskId: number, technicianId: number) => void;
  onOpen: (taskId: number) => void;
  panelEmpty: string;
};

/** The side panel of unassigned tasks and one drop card per technician, with mouse, touch and keyboard. */
export default function AssignmentBoard({
  technicians,
  assigned,
  unassigned,
  showAssigned,
  showPanel,
  canAssign,
  moving,
  onAssign,
  onOpen,
  panelEmpty,
}: BoardProps) {
  const { t, i18n } = useTranslation('tasks');
  const [dragging, setDragging] = useState<Task | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: boardKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const all = useMemo(() => [...unassigned, ...assigned], [unassigned, assigned]);
  const titleOf = (id: string | number | undefined) => all.find((task) => dragId(task.id) === id)?.title ?? '';
  const technicianName = (overId: string | number | undefined) => {
    const tech = technicians.find((x) => x.id === technicianOf(overId));
    return tech ? fullName(tech.firstName, tech.lastName) : '';
  };

  // The moving task leaves its list at once and shows under its new technician.
  const movingTask = moving ? all.find((task) => task.id === moving.taskId) : undefined;
  const panelTasks = unassigned.filter((task) => task.id !== moving?.taskId);
  const byTechnician = useMemo(() => {
    const map = new Map<number, Task[]>();
    for (const task of assigned) {
      if (task.id === moving?.taskId || task.technicianId === null) continue;
      const list = map.get(task.technicianId) ?? [];
      list.push(task);
      map.set(task.technicianId, list);
    }
    if (moving && movingTask) {
      const list = map.get(moving.technicianId) ?? [];
      map.set(moving.technicianId, [{ ...movingTask, technicianId: moving.technicianId }, ...list]);
    }
    return map;
  }, [assigned, moving, movingTask]);

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { task: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dnd.over', { task: titleOf(active.id), technician: technicianName(over.id) })
        : t('dnd.overNothing', { task: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.end', { task: titleOf(active.id), technician: technicianName(over.id) })
        : t('dnd.endNothing', { task: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancel', { task: titleOf(active.id) }),
  };

  const onDragStart = (event: DragStartEvent) => setDragging(all.find((task) => dragId(task.id) === event.active.id) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const drop = resolveDrop(event.active.data.current as DragData | undefined, event.over?.id);
    if (drop) onAssign(drop.taskId, drop.technicianId);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <div className={cn('grid items-start gap-4', showPanel && 'lg:grid-cols-[18rem_minmax(0,1fr)]')}>
        {showPanel && (
          <Card className="flex flex-col lg:sticky lg:top-20" data-testid="unassigned-panel">
            <div className="border-b p-3">
              <h2 className="text-sm font-semibold">{t('panel.title')}</h2>
              <p className="text-xs text-muted-foreground">
                {t('panel.count', { n: formatNumber(panelTasks.length, i18n.language) })}
                {canAssign && ` · ${t('panel.description')}`}
              </p>
            </div>
            {panelTasks.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
                <Inbox className="size-6" aria-hidden />
                {panelEmpty}
              </div>
            ) : (
              <div className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto p-2 lg:max-h-[calc(100dvh-14rem)]">
                {panelTasks.map((task) => (
                  <TaskItem key={task.id} task={task} canDrag={canAssign} onOpen={onOpen} />
                ))}
              </div>
            )}
          </Card>
        )}
        <section aria-labelledby="board-title" className="flex min-w-0 flex-col gap-3">
          <div>
            <h2 id="board-title" className="text-base font-semibold">
              {t('board.title')}
            </h2>
            {canAssign && <p className="text-sm text-muted-foreground">{t('board.description')}</p>}
          </div>
          <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" data-testid="board">
            {technicians.map((technician) => (
              <TechnicianColumn
                key={technician.id}
                technician={technician}
                tasks={byTechnician.get(technician.id) ?? []}
                showTasks={showAssigned || technician.id === moving?.technicianId}
                canDrop={canAssign && technician.status === 'active'}
                canDrag={canAssign}
                onOpen={onOpen}
                pendingTaskId={moving?.technicianId === technician.id ? moving.taskId : null}
              />
            ))}
          </div>
        </section>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="flex w-64 cursor-grabbing flex-col gap-2 rounded-md border border-primary bg-card p-2.5 shadow-pop">
            <TaskItemBody task={dragging} />
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
