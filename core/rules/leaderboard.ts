export type Badge = 'beginner' | 'skilled' | 'professional' | 'expert' | 'master';

export const LEADERBOARD_SIZE = 5;

/** Score = completed tasks × 10 + rating × 20. */
export function leaderboardScore(completedTasks: number, rating: number): number {
  return completedTasks * 10 + rating * 20;
}

/** 0–9 Beginner, 10–19 Skilled, 20–49 Professional, 50–99 Expert, 100+ Master Technician. */
export function badgeFor(completedTasks: number): Badge {
  if (completedTasks >= 100) return 'master';
  if (completedTasks >= 50) return 'expert';
  if (completedTasks >= 20) return 'professional';
  if (completedTasks >= 10) return 'skilled';
  return 'beginner';
}

export type Ranked<T> = T & { score: number; badge: Badge; rank: number };

/** The top technicians by score (ties: more completed tasks, then lower id). */
export function rankLeaderboard<T extends { id: number; completedTasks: number; rating: number }>(
  technicians: T[],
  size = LEADERBOARD_SIZE,
): Ranked<T>[] {
  return technicians
    .map((t) => ({ ...t, score: leaderboardScore(t.completedTasks, t.rating), badge: badgeFor(t.completedTasks) }))
    .sort((a, b) => b.score - a.score || b.completedTasks - a.completedTasks || a.id - b.id)
    .slice(0, size)
    .map((t, i) => ({ ...t, rank: i + 1 }));
}
