import { efficiency } from '@core/rules/efficiency.ts';
import { badgeFor, leaderboardScore, type Badge } from '@core/rules/leaderboard.ts';

type CompletedTask = {
  status: string;
  estimatedHours: number | null;
  actualHours: number | null;
  dueDate: string | null;
  timeCompleted: string | null;
};

export type Performance = {
  completedTasks: number;
  /** Mean efficiency (estimated / actual hours, %) over completed tasks that have both; null if none. */
  averageEfficiency: number | null;
  /** Share (%) of completed tasks with a due date that were completed by it; null if none. */
  onTimeRate: number | null;
  rating: number;
  score: number;
  badge: Badge;
};

/** A technician's performance from their completed tasks, with the leaderboard's score and badge. */
export function performanceOf(completedCount: number, rating: number, tasks: CompletedTask[]): Performance {
  const completed = tasks.filter((t) => t.status === 'completed');
  const efficiencies = completed.map((t) => efficiency(t.estimatedHours, t.actualHours)).filter((e) => e !== null);
  const dated = completed.filter((t) => t.dueDate && t.timeCompleted);
  const onTime = dated.filter((t) => new Date(t.timeCompleted!).getTime() <= new Date(t.dueDate!).getTime());
  return {
    completedTasks: completedCount,
    averageEfficiency: efficiencies.length ? Math.round(efficiencies.reduce((sum, e) => sum + e.percent, 0) / efficiencies.length) : null,
    onTimeRate: dated.length ? Math.round((onTime.length / dated.length) * 100) : null,
    rating,
    score: leaderboardScore(completedCount, rating),
    badge: badgeFor(completedCount),
  };
}
