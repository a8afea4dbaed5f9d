import { workloadPercent } from '@core/rules/workload.ts';
import { badgeFor, leaderboardScore } from '@core/rules/leaderboard.ts';
import { ratingOf, type Technician } from '../model';

export const REPORT_COLUMNS = [
  'name',
  'email',
  'phone',
  'title',
  'status',
  'skills',
  'activeTasks',
  'completedTasks',
  'workload',
  'rating',
  'score',
  'badge',
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** One CSV field: quoted when it holds a comma, quote or line break; formulas are neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && (/^[=@\t\r]/.test(text) || /^[+-][^\d\s]/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The technician report: every technician with status, active and completed tasks, workload,
 * rating, leaderboard score and badge. Headings and labels come translated from the caller.
 */
export function technicianReportCsv(
  technicians: Technician[],
  labels: { heading: (column: ReportColumn) => string; status: (status: Technician['status']) => string; badge: (badge: string) => string },
): string {
  const lines = [REPORT_COLUMNS.map((c) => csvField(labels.heading(c))).join(',')];
  for (const t of technicians) {
    const rating = ratingOf(t);
    const completed = t._count.completedTasks;
    const row: Record<ReportColumn, string | number> = {
      name: `${t.firstName} ${t.lastName}`.trim(),
      email: t.email,
      phone: t.phone,
      title: t.title,
      status: labels.status(t.status),
      skills: t.skills.map((s) => s.skill.name).join('; '),
      activeTasks: t._count.activeTasks,
      completedTasks: completed,
      workload: Math.round(workloadPercent(t._count.activeTasks)),
      rating: rating.toFixed(1),
      score: leaderboardScore(completed, rating),
      badge: labels.badge(badgeFor(completed)),
    };
    lines.push(REPORT_COLUMNS.map((c) => csvField(row[c])).join(','));
  }
  // A byte-order mark so spreadsheet programs read UTF-8 (Arabic names) correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
