import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ChatSend } from '../../../src/api/contract';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { parse } from '../../http/parse';
import { conversationOf, messagesOf, postMessage } from './chat';

/**
 * The sandbox chat provider (a third party, mounted at /chat): GET and POST /messages. A
 * trader sends the token from /api/chat/token in `X-Chat-Token`; a visitor sends a random
 * guest id in `X-Chat-Guest`. Headers, not cookies, carry identity, so a cross-site form
 * cannot post as anyone.
 */
export const chatRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  async function conversation(request: FastifyRequest): Promise<string> {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const id = await conversationOf(db, { token: header('x-chat-token'), guest: header('x-chat-guest') });
    if (!id) throw new HttpError(401, 'chat.not_auth', 'The chat session ended. Reopen the chat.');
    return id;
  }

  app.get('/messages', async (request) => ({ messages: await messagesOf(db, await conversation(request)) }));

  app.post('/messages', async (request) => {
    const id = await conversation(request);
    const { body } = parse(ChatSend, request.body);
    const lang = request.headers['accept-language'] === 'ru' ? 'ru' : 'en';
    await postMessage(db, id, body.trim() || body, lang);
    return { messages: await messagesOf(db, id) };
  });
};
