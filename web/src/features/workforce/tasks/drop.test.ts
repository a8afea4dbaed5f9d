import { describe, expect, it } from 'vitest';
import { centreIn, dropId, nextTarget, resolveDrop, technicianOf } from './drop';

describe('resolveDrop', () => {
  it('assigns a task dropped on another technician', () => {
    expect(resolveDrop({ taskId: 7, technicianId: null }, dropId(3))).toEqual({ taskId: 7, technicianId: 3 });
    expect(resolveDrop({ taskId: 7, technicianId: 2 }, dropId(3))).toEqual({ taskId: 7, technicianId: 3 });
  });

  it('does nothing on the same technician, outside any card, or without a drag', () => {
    expect(resolveDrop({ taskId: 7, technicianId: 3 }, dropId(3))).toBeNull();
    expect(resolveDrop({ taskId: 7, technicianId: null }, null)).toBeNull();
    expect(resolveDrop({ taskId: 7, technicianId: null }, 'panel')).toBeNull();
    expect(resolveDrop(null, dropId(3))).toBeNull();
  });

  it('reads technician ids from droppable ids only', () => {
    expect(technicianOf('technician-12')).toBe(12);
    expect(technicianOf('technician-x')).toBeNull();
    expect(technicianOf('task-12')).toBeNull();
    expect(technicianOf(12)).toBeNull();
  });
});

describe('keyboard targets', () => {
  // Two rows of three cards, 300 wide and 200 high, 20 apart; the panel on the left at x 0.
  const card = (col: number, row: number) => ({
    id: `technician-${row * 3 + col + 1}`,
    rect: { left: 340 + col * 320, top: 100 + row * 220, width: 300, height: 200 },
  });
  const cards = [0, 1, 2].flatMap((col) => [0, 1].map((row) => card(col, row)));
  const panelItem = { left: 20, top: 120, width: 280, height: 60 };

  it('moves from the panel to the nearest card to the right, then along the row and down', () => {
    expect(nextTarget(panelItem, cards, 'right')).toBe('technician-1');
    expect(nextTarget(card(0, 0).rect, cards, 'right', 'technician-1')).toBe('technician-2');
    expect(nextTarget(card(1, 0).rect, cards, 'down', 'technician-2')).toBe('technician-5');
    expect(nextTarget(card(1, 1).rect, cards, 'left', 'technician-5')).toBe('technician-4');
  });

  it('stays when nothing lies that way', () => {
    expect(nextTarget(card(0, 0).rect, cards, 'up', 'technician-1')).toBeNull();
    expect(nextTarget(panelItem, cards, 'left')).toBeNull();
  });

  it('centres the dragged item in the target', () => {
    expect(centreIn({ left: 100, top: 50, width: 300, height: 200 }, { width: 100, height: 40 })).toEqual({ x: 200, y: 130 });
  });
});
