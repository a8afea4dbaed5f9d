/** The activity module's calls: the routes use only these (eslint.config.js). */
/** Plain reads the routes serve as the repository answers them. */
export { countActivity, listActivity } from './activity.repository.ts';
