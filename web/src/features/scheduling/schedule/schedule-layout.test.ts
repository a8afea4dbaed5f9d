import { describe, expect, it } from 'vitest';
import {
  assignLanes,
  conflictCount,
  groupByTechnicianDay,
  hourLabels,
  hourRange,
  minuteOfDay,
  parseDay,
  parseView,
  placeSpan,
  spanInDay,
  stepAnchor,
  visibleDays,
  weekOf,
} from './schedule-layout';

describe('the days a view shows', () => {
  it('shows the week holding the day, Monday first, or the day alone', () => {
    // 2030-03-06 is a Wednesday.
    expect(weekOf('2030-03-06')).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
    ]);
    expect(weekOf('2030-03-04')[0]).toBe('2030-03-04');
    expect(weekOf('2030-03-10')[0]).toBe('2030-03-04');
    expect(weekOf('2030-03-11')[0]).toBe('2030-03-11');
    expect(weekOf('2030-12-31')).toEqual([
      '2030-12-30',
      '2030-12-31',
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
      '2031-01-04',
      '2031-01-05',
    ]);
    expect(visibleDays('day', '2030-03-06')).toEqual(['2030-03-06']);
    expect(visibleDays('week', '2030-03-06')).toHaveLength(7);
  });

  it('steps a day or a week back and forth', () => {
    expect(stepAnchor('day', '2030-03-01', -1)).toBe('2030-02-28');
    expect(stepAnchor('day', '2030-02-28', 1)).toBe('2030-03-01');
    expect(stepAnchor('week', '2030-03-06', 1)).toBe('2030-03-13');
    expect(stepAnchor('week', '2030-03-06', -1)).toBe('2030-02-27');
  });

  it('reads the view and the day from the address, ignoring nonsense', () => {
    expect(parseView('day')).toBe('day');
    expect(parseView('week')).toBe('week');
    expect(parseView(null)).toBe('week');
    expect(parseView('month')).toBe('week');
    expect(parseDay('2030-03-04')).toBe('2030-03-04');
    expect(parseDay('2030-02-30')).toBeNull();
    expect(parseDay('4/3/2030')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });
});

describe('times on a day', () => {
  it('reads minutes into the day in the workshop time zone, held to the day', () => {
    // Dubai is UTC+4: 06:00Z is 10:00 there.
    expect(minuteOfDay('2030-03-04T06:00:00.000Z', '2030-03-04', 'Asia/Dubai')).toBe(600);
    expect(minuteOfDay('2030-03-04T06:00:00.000Z', '2030-03-04', 'UTC')).toBe(360);
    expect(minuteOfDay('2030-03-03T23:00:00.000Z', '2030-03-04', 'UTC')).toBe(0);
    expect(minuteOfDay('2030-03-05T01:00:00.000Z', '2030-03-04', 'UTC')).toBe(1440);
    // 21:00Z on the 3rd is already 01:00 on the 4th in Dubai.
    expect(minuteOfDay('2030-03-03T21:00:00.000Z', '2030-03-04', 'Asia/Dubai')).toBe(60);
  });

  it('gives each day its part of an event: a night shift has a part on both days, none on others', () => {
    const night = { start: '2030-03-04T22:00:00.000Z', end: '2030-03-05T06:00:00.000Z' };
    expect(spanInDay(night, '2030-03-04', 'UTC')).toEqual({ start: 1320, end: 1440 });
    expect(spanInDay(night, '2030-03-05', 'UTC')).toEqual({ start: 0, end: 360 });
    expect(spanInDay(night, '2030-03-06', 'UTC')).toBeNull();
    // Ending exactly at midnight: nothing on the next day.
    expect(spanInDay({ start: '2030-03-04T23:00:00.000Z', end: '2030-03-05T00:00:00.000Z' }, '2030-03-05', 'UTC')).toBeNull();
  });
});

describe('the day view axis', () => {
  it('shows 07:00 to 19:00, widened to whole hours for earlier or later work', () => {
    expect(hourRange([])).toEqual({ start: 7, end: 19 });
    expect(hourRange([{ start: 9 * 60, end: 10 * 60 }])).toEqual({ start: 7, end: 19 });
    expect(
      hourRange([
        { start: 5 * 60 + 30, end: 6 * 60 },
        { start: 18 * 60, end: 20 * 60 + 15 },
      ]),
    ).toEqual({ start: 5, end: 21 });
    expect(hourRange([{ start: 0, end: 1440 }])).toEqual({ start: 0, end: 24 });
  });

  it('labels every hour, or every second one on a long day', () => {
    expect(hourLabels({ start: 7, end: 19 })).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(hourLabels({ start: 0, end: 24 })).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
  });

  it('turns minutes into a position along the axis, cut to the range', () => {
    const range = { start: 7, end: 19 }; // 12 hours = 720 minutes
    expect(placeSpan({ start: 7 * 60, end: 8 * 60 }, range)).toEqual({ offset: 0, size: (60 / 720) * 100 });
    expect(placeSpan({ start: 13 * 60, end: 19 * 60 }, range)).toEqual({ offset: 50, size: 50 });
    expect(placeSpan({ start: 6 * 60, end: 8 * 60 }, range)).toEqual({ offset: 0, size: (60 / 720) * 100 });
    expect(placeSpan({ start: 18 * 60, end: 1440 }, range)).toEqual({ offset: (660 / 720) * 100, size: (60 / 720) * 100 });
  });

  it('stacks overlapping work in lanes and reuses a lane once it is free', () => {
    const items = [
      { id: 'b', span: { start: 600, end: 720 } },
      { id: 'a', span: { start: 660, end: 690 } },
      { id: 'c', span: { start: 720, end: 780 } },
      { id: 'd', span: { start: 540, end: 600 } },
    ];
    const { lanes, placed } = assignLanes(items);
    expect(lanes).toBe(2);
    expect(Object.fromEntries(placed.map((p) => [p.id, p.lane]))).toEqual({ d: 0, b: 0, a: 1, c: 0 });
    expect(assignLanes([]).lanes).toBe(0);
  });
});

describe('grouping and counting', () => {
  const ev = (kind: string, technicianId: number, start: string, end: string, conflict = false) => ({
    kind,
    technicianId,
    start,
    end,
    conflict,
  });

  it('groups events by technician and day, in start order, a night shift on both of its days', () => {
    const days = ['2030-03-04', '2030-03-05'];
    const late = ev('booking', 1, '2030-03-04T10:00:00.000Z', '2030-03-04T11:00:00.000Z');
    const early = ev('task', 1, '2030-03-04T08:00:00.000Z', '2030-03-04T09:00:00.000Z');
    const night = ev('shift', 2, '2030-03-04T22:00:00.000Z', '2030-03-05T06:00:00.000Z');
    const outside = ev('task', 1, '2030-03-09T08:00:00.000Z', '2030-03-09T09:00:00.000Z');
    const groups = groupByTechnicianDay([late, early, night, outside], days, 'UTC');
    expect(groups.get('1|2030-03-04')).toEqual([early, late]);
    expect(groups.get('2|2030-03-04')).toEqual([night]);
    expect(groups.get('2|2030-03-05')).toEqual([night]);
    expect(groups.has('1|2030-03-05')).toBe(false);
    expect([...groups.keys()]).toHaveLength(3);
  });

  it('groups by the workshop day, not the UTC day', () => {
    // 21:30Z on the 4th is 01:30 on the 5th in Dubai.
    const groups = groupByTechnicianDay(
      [ev('booking', 1, '2030-03-04T21:30:00.000Z', '2030-03-04T22:30:00.000Z')],
      ['2030-03-04', '2030-03-05'],
      'Asia/Dubai',
    );
    expect([...groups.keys()]).toEqual(['1|2030-03-05']);
  });

  it('counts the work marked as overlapping, never shifts', () => {
    expect(
      conflictCount([
        ev('booking', 1, '', '', true),
        ev('appointment', 1, '', '', true),
        ev('task', 2, '', ''),
        ev('shift', 1, '', '', true),
      ]),
    ).toBe(2);
    expect(conflictCount([])).toBe(0);
  });
});
