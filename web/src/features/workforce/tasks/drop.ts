/** Drag-and-drop arithmetic of the assignment board, kept pure so it can be tested. */

export type DragData = { taskId: number; technicianId: number | null };
export type Rect = { left: number; top: number; width: number; height: number };
export type Direction = 'left' | 'right' | 'up' | 'down';

const DROP_PREFIX = 'technician-';

/** The droppable id of a technician's card. */
export const dropId = (technicianId: number) => `${DROP_PREFIX}${technicianId}`;
/** The draggable id of a task. */
export const dragId = (taskId: number) => `task-${taskId}`;

/** The technician a droppable id stands for, or null. */
export function technicianOf(overId: string | number | null | undefined): number | null {
  if (typeof overId !== 'string' || !overId.startsWith(DROP_PREFIX)) return null;
  const id = Number(overId.slice(DROP_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * What a drop means: assign the task to the technician under it. Nothing happens when it lands
 * on no technician or on the technician it already belongs to.
 */
export function resolveDrop(
  active: DragData | null | undefined,
  overId: string | number | null | undefined,
): { taskId: number; technicianId: number } | null {
  if (!active) return null;
  const technicianId = technicianOf(overId);
  if (technicianId === null || technicianId === active.technicianId) return null;
  return { taskId: active.taskId, technicianId };
}

const center = (r: Rect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/**
 * The keyboard's next drop target from `from` in an arrow's direction: the nearest card whose
 * centre lies that way, preferring cards in line (the secondary offset counts double).
 * Geometry, not list order, so it reads the same whatever the page's direction.
 */
export function nextTarget(
  from: Rect,
  candidates: Array<{ id: string; rect: Rect }>,
  direction: Direction,
  current?: string | null,
): string | null {
  const origin = center(from);
  let best: { id: string; score: number } | null = null;
  for (const { id, rect } of candidates) {
    if (id === current) continue;
    const c = center(rect);
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const [primary, secondary] =
      direction === 'left' ? [-dx, dy] : direction === 'right' ? [dx, dy] : direction === 'up' ? [-dy, dx] : [dy, dx];
    if (primary <= 1) continue;
    const score = primary + 2 * Math.abs(secondary);
    if (!best || score < best.score) best = { id, score };
  }
  return best?.id ?? null;
}

/** Top-left position that centres a dragged item of `size` inside `target`. */
export function centreIn(target: Rect, size: { width: number; height: number }): { x: number; y: number } {
  return { x: target.left + (target.width - size.width) / 2, y: target.top + (target.height - size.height) / 2 };
}

export const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
