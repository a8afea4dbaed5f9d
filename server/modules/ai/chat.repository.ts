import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Citation } from '../../../core/contracts/ai.ts';
import { aiChatConversations } from './ai.table.ts';

export type StoredMessage = { role: 'user' | 'assistant'; content: string; citations?: Citation[] };
export type ConversationRow = {
  id: number;
  messages: StoredMessage[];
  status: string;
  createdAt: Date;
  updatedAt: Date;
};

const columns = {
  id: aiChatConversations.id,
  messages: aiChatConversations.messages,
  status: aiChatConversations.status,
  createdAt: aiChatConversations.createdAt,
  updatedAt: aiChatConversations.updatedAt,
};

/** One of a user's own conversations in their workshop (another user's is not theirs to read). */
export async function findConversation(db: Tx, tenantId: number, userId: number, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(aiChatConversations)
    .where(and(eq(aiChatConversations.tenantId, tenantId), eq(aiChatConversations.userId, userId), eq(aiChatConversations.id, id)));
  return row as ConversationRow | undefined;
}

export async function insertConversation(db: Tx, tenantId: number, userId: number, messages: StoredMessage[]): Promise<number> {
  const [row] = await db.insert(aiChatConversations).values({ tenantId, userId, messages }).returning({ id: aiChatConversations.id });
  return row.id;
}

/** Appends messages to a user's conversation; false when it is not theirs (or gone). */
export async function appendMessages(db: Tx, tenantId: number, userId: number, id: number, messages: StoredMessage[]): Promise<boolean> {
  const rows = await db
    .update(aiChatConversations)
    .set({ messages: sql`${aiChatConversations.messages} || ${JSON.stringify(messages)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(aiChatConversations.tenantId, tenantId), eq(aiChatConversations.userId, userId), eq(aiChatConversations.id, id)))
    .returning({ id: aiChatConversations.id });
  return rows.length > 0;
}
