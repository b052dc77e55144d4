import { FastifyReply, FastifyRequest } from 'fastify';
import { ChatSend } from '../../../core/contract';
import type { Db } from '../../db';
import { parse } from '../../http/parse';
import { conversationOf, messagesOf, postMessage } from './chat';
import { widgetPage, WIDGET_CSP } from './widget-page';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The sandbox chat provider (a third party, mounted at /chat): GET and POST /messages. A
 * trader sends the token from /api/chat/token in `X-Chat-Token`; a visitor sends a random
 * guest id in `X-Chat-Guest`. Headers, not cookies, carry identity, so a cross-site form
 * cannot post as anyone. GET /widget is its embeddable page (token in the URL fragment).
 */
export const chatRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  async function conversation(request: FastifyRequest): Promise<string> {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const id = await conversationOf(db, { token: header('x-chat-token'), guest: header('x-chat-guest') });
    if (!id) throw new Refusal(401, 'chat.not_auth', 'The chat session ended. Reopen the chat.');
    return id;
  }

  app.get('/messages', { schema: api(TAGS.support, 'Chat messages of the conversation') }, async (request) => ({ messages: await messagesOf(db, await conversation(request)) }));

  app.post('/messages', { schema: api(TAGS.support, 'Send a chat message') }, async (request) => {
    const id = await conversation(request);
    const { body } = parse(ChatSend, request.body);
    const lang = request.headers['accept-language'] === 'ru' ? 'ru' : 'en';
    await postMessage(db, id, body.trim() || body, lang);
    return { messages: await messagesOf(db, id) };
  });

  const page = await widgetPage();
  const send = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('content-security-policy', WIDGET_CSP).header('cache-control', 'no-cache').type(type).send(body);
  app.get('/widget', { schema: api(TAGS.support, 'Chat widget page (sandbox chat)', { produces: 'text/html' }) }, send('text/html; charset=utf-8', page.html));
  app.get('/widget.js', { schema: api(TAGS.support, 'Chat widget script', { produces: 'text/javascript' }) }, send('text/javascript; charset=utf-8', page.js));
  app.get('/widget.css', { schema: api(TAGS.support, 'Chat widget styles', { produces: 'text/css' }) }, send('text/css; charset=utf-8', page.css));
};
