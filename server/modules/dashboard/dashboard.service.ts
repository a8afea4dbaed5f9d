/** The dashboard module's calls: the routes use only these (eslint.config.js). */
/** Plain reads the routes serve as the repository answers them. */
export { capacityFigures, fieldServiceStats, leaderboard, workshopMetrics } from './dashboard.repository.ts';
