import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';

/**
 * An OpenAI-compatible model server (`/v1/chat/completions`: a local llama.cpp or Ollama server,
 * or a hosted one), used by the chat only, over the same read-only tools as the offline chat.
 * Without one every answer is computed offline from the workshop's records.
 */
export type ModelServer = { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };

/** What the AI module's routes are given by app.ts. */
export type AiOptions = {
  db: Db;
  live: Live;
  /** AI calls one user may make per minute (AI_CALLS_PER_MINUTE in core by default). */
  callsPerMinute: number;
  model?: ModelServer;
};
