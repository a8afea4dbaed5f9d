/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { technicianInput } from '@core/contracts/technicians.ts';
export { taskInput, taskUpdateInput } from '@core/contracts/tasks.ts';
