import { describe, expect, it } from 'vitest';
import { badgeFor, leaderboardScore, rankLeaderboard } from './leaderboard.ts';

describe('leaderboard', () => {
  it('scores completed × 10 + rating × 20', () => {
    expect(leaderboardScore(0, 0)).toBe(0);
    expect(leaderboardScore(12, 4.5)).toBe(210);
  });
  it('gives the badges by completed tasks', () => {
    const cases: Array<[number, string]> = [
      [0, 'beginner'],
      [9, 'beginner'],
      [10, 'skilled'],
      [19, 'skilled'],
      [20, 'professional'],
      [49, 'professional'],
      [50, 'expert'],
      [99, 'expert'],
      [100, 'master'],
      [250, 'master'],
    ];
    for (const [n, badge] of cases) expect(badgeFor(n), String(n)).toBe(badge);
  });
  it('ranks the top 5 by score', () => {
    const techs = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, completedTasks: id * 3, rating: id === 1 ? 5 : 1 }));
    const top = rankLeaderboard(techs);
    expect(top).toHaveLength(5);
    expect(top.map((t) => t.id)).toEqual([7, 6, 5, 4, 1]); // 230, 200, 170, 140, 130
    expect(top[0]).toMatchObject({ rank: 1, score: 21 * 10 + 20, badge: 'professional' });
  });
});
