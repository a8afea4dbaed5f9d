import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { chatAnswer, chatConversation, chatInput } from '../../../core/contracts/ai.ts';
import type { AiOptions } from './ai-options.ts';
import * as service from './chat.service.ts';

const tags = ['ai'];
const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
const conversationParams = tenantParams.extend({ id: z.coerce.number().int().positive() });

/** The chat (spec section 7): everyone may ask; what each tool reads depends on the asker's role. */
export async function chatRoutes(app: FastifyInstance, options: AiOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/tenants/:tenantId/ai/chat',
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: tenantParams, body: chatInput, response: { 200: chatAnswer } },
    },
    async (request) => service.chat(options, request.actor, request.body),
  );
  r.get(
    '/api/tenants/:tenantId/ai/conversations/:id',
    {
      config: { access: ANY_ROLE, feature: 'ai_assistant' },
      schema: { tags, params: conversationParams, response: { 200: chatConversation } },
    },
    async (request) => service.getConversation(options.db, request.actor, request.params.id),
  );
}
