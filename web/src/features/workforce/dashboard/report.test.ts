import { describe, expect, it } from 'vitest';
import type { Technician } from '../model';
import { csvField, technicianReportCsv } from './report';

const tech = (over: Partial<Technician>): Technician => ({
  id: 1,
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@example.com',
  phone: '+1 555',
  title: 'Senior, Brakes',
  employeeId: null,
  profileImageUrl: null,
  location: null,
  notes: null,
  status: 'active',
  rating: '4.5',
  userId: null,
  createdAt: '2026-01-01T00:00:00Z',
  skills: [
    { id: 1, skill: { id: 1, name: 'Brakes' } },
    { id: 2, skill: { id: 2, name: 'Tyres' } },
  ],
  _count: { completedTasks: 12, activeTasks: 4 },
  ...over,
});

describe('technician report', () => {
  it('writes a heading row and one row per technician with the rules applied', () => {
    const csv = technicianReportCsv(
      [
        tech({}),
        tech({ id: 2, firstName: 'هدى', lastName: 'سالم', rating: '', _count: { completedTasks: 0, activeTasks: 7 }, status: 'on_leave' }),
      ],
      {
        heading: (c) => c,
        status: (s) => s.toUpperCase(),
        badge: (b) => b,
      },
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('name,email,phone,title,status,skills,activeTasks,completedTasks,workload,rating,score,badge');
    expect(lines[1]).toBe('Omar Haddad,omar@example.com,+1 555,"Senior, Brakes",ACTIVE,Brakes; Tyres,4,12,80,4.5,210,skilled');
    expect(lines[2]).toBe('هدى سالم,omar@example.com,+1 555,"Senior, Brakes",ON_LEAVE,Brakes; Tyres,7,0,100,0.0,0,beginner');
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });

  it('quotes and neutralises fields', () => {
    expect(csvField('a "b"')).toBe('"a ""b"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('+1 555')).toBe('+1 555');
    expect(csvField('-cmd')).toBe("'-cmd");
  });
});
