import type { UtilizationLevel } from '../rules/capacity.ts';
import type { Badge } from '../rules/leaderboard.ts';

/** The team's load levels (core/rules/capacity.ts) and the leaderboard's badges (core/rules/leaderboard.ts). */
export const UTILIZATION_LEVELS = ['critical', 'high', 'moderate', 'low'] as const satisfies readonly UtilizationLevel[];
export const BADGES = ['beginner', 'skilled', 'professional', 'expert', 'master'] as const satisfies readonly Badge[];
