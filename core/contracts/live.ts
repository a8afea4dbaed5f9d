/** Messages on the live channel (/ws). Later modules add their types here. */
export type LiveMessage = { type: 'update'; entity?: string } | { type: 'task_assigned'; taskId: number } | { type: 'hello' };
