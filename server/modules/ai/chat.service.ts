import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { ChatAnswer, ChatInput, Citation } from '../../../core/contracts/ai.ts';
import { detectLanguage, type ChatLanguage } from '../../../core/rules/chat-entities.ts';
import { notFound } from '../../lib/app-error.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import type { AiOptions } from './ai-options.ts';
import { takeAiCall } from './ai-limits.ts';
import { planQuestion } from './chat-offline.ts';
import { askModel } from './chat-model.ts';
import { runTool, type ToolContext } from './chat-tools.ts';
import * as repo from './chat.repository.ts';

/**
 * The chat (spec section 7, `POST .../ai/chat`): a question answered from the workshop's own
 * records by read-only tools, offline (the NLU model picks the tool) or through the configured
 * model server (the model picks it); the conversation is stored as the asker's.
 */

export const conversationNotFound = () => notFound('ai_chat_conversations', 'Conversation');

const EXAMPLES: Record<ChatLanguage, string[]> = {
  en: [
    'Find customer Layla Al-Mansouri',
    'Whose car is DXB A 12345?',
    'Service history of 1234 ABC',
    'What is due on DXB A 12345?',
    'How many job cards are open?',
    'Which jobs are overdue?',
    'Show overdue invoices',
    'How much do customers owe us?',
    'Which parts are low on stock?',
    "What's on the schedule this week?",
    'Who is the busiest technician?',
    'Revenue last month',
  ],
  ar: [
    'ابحث عن العميل محمد العتيبي',
    'من صاحب اللوحة DXB A 12345؟',
    'سجل الصيانة للسيارة 1234 ABC',
    'ما المستحق على DXB A 12345؟',
    'كم بطاقة عمل مفتوحة؟',
    'ما الأعمال المتأخرة؟',
    'اعرض الفواتير المتأخرة',
    'كم يدين لنا العملاء؟',
    'ما القطع منخفضة المخزون؟',
    'ما جدول هذا الأسبوع؟',
    'من أكثر فني انشغالا؟',
    'الإيرادات الشهر الماضي',
  ],
};

/** "I can't answer that yet", with what it can answer, in the question's language. */
export function cannotAnswer(language: ChatLanguage, reason: 'help' | 'greeting' | 'unknown' | 'needs', needs?: string): string {
  const examples = EXAMPLES[language].map((e) => `- ${e}`).join('\n');
  if (language === 'ar') {
    const head = {
      help: 'أجيب عن أسئلة حول بيانات ورشتك. مثلا:',
      greeting: 'مرحبا! أجيب عن أسئلة حول بيانات ورشتك. مثلا:',
      unknown: 'لا أستطيع الإجابة عن ذلك بعد. يمكنني الإجابة عن أسئلة مثل:',
      needs: needs === 'customer' ? 'أي عميل؟ اذكر اسمه أو رقم هاتفه. مثلا:' : 'أي مركبة؟ اذكر رقم اللوحة أو رقم الهيكل. مثلا:',
    }[reason];
    return `${head}\n${examples}`;
  }
  const head = {
    help: 'I answer questions about your workshop’s records. For example:',
    greeting: 'Hello! I answer questions about your workshop’s records. For example:',
    unknown: "I can't answer that yet. I can answer questions like:",
    needs:
      needs === 'customer'
        ? 'Which customer? Give a name or phone number. For example:'
        : 'Which vehicle? Give its plate or VIN. For example:',
  }[reason];
  return `${head}\n${examples}`;
}

type Answer = { response: string; citations: Citation[]; tool: string | null; engine: 'offline' | 'model' };

/** The offline engine: the NLU model's tool, run as the asker. */
export async function answerOffline(
  ctx: ToolContext,
  question: string,
  earlier: repo.StoredMessage[] = [],
): Promise<Omit<Answer, 'engine'>> {
  const plan = await planQuestion(question, ctx.language, ctx.clock.today);
  if (plan.tool === null && plan.wanted) {
    // "What is due on it?": the vehicle the conversation's latest answer cited (the stored
    // conversation only, never a history the client sends), looked up again in the workshop.
    const cited = earlier
      .filter((m) => m.role === 'assistant')
      .reverse()
      .flatMap((m) => m.citations ?? [])
      .find((c) => c.kind === 'vehicle');
    if (cited) {
      const result = await runTool(ctx, plan.wanted, { vehicleId: cited.id });
      return { response: result.text, citations: result.citations, tool: plan.wanted };
    }
  }
  if (plan.tool === null) return { response: cannotAnswer(ctx.language, plan.reason, plan.needs), citations: [], tool: null };
  const result = await runTool(ctx, plan.tool, plan.args);
  return { response: result.text, citations: result.citations, tool: plan.tool };
}

export async function chat(
  options: AiOptions,
  actor: PublicUser,
  input: ChatInput & { history: Array<{ role: 'user' | 'assistant'; content: string }> },
): Promise<ChatAnswer> {
  const { db } = options;
  await takeAiCall(db, actor, options.callsPerMinute);
  const stored = input.conversationId ? await repo.findConversation(db, actor.tenantId, actor.id, input.conversationId) : undefined;
  if (input.conversationId && !stored) throw conversationNotFound();
  const question = input.message.trim();
  const ctx: ToolContext = { db, actor, language: detectLanguage(question), clock: await workshopClock(db, actor.tenantId) };
  const history = stored ? stored.messages.map(({ role, content }) => ({ role, content })) : input.history;

  const answer: Answer = options.model
    ? { ...(await askModel(options.model, ctx, history, question)), engine: 'model' }
    : { ...(await answerOffline(ctx, question, stored?.messages)), engine: 'offline' };

  const messages: repo.StoredMessage[] = [
    { role: 'user', content: question },
    { role: 'assistant', content: answer.response, citations: answer.citations },
  ];
  let conversationId = stored?.id;
  if (conversationId === undefined || !(await repo.appendMessages(db, actor.tenantId, actor.id, conversationId, messages))) {
    if (conversationId !== undefined) throw conversationNotFound();
    conversationId = await repo.insertConversation(db, actor.tenantId, actor.id, messages);
  }
  return { ...answer, conversationId };
}

export async function getConversation(db: Db, actor: PublicUser, id: number) {
  const row = await repo.findConversation(db, actor.tenantId, actor.id, id);
  if (!row) throw conversationNotFound();
  return {
    id: row.id,
    messages: row.messages,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
