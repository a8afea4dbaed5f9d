/** Messages on the live channel (/ws). Later modules add their types here. */
export type LiveMessage = { type: 'update'; entity?: string } | { type: 'task_assigned'; taskId: number } | { type: 'hello' };

/** The close code of a live channel whose session ended (signed out elsewhere, the account deactivated): the client checks it is still signed in. */
export const SESSION_ENDED_CLOSE = 4001;
