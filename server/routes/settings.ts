import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './deps';

/** GET /api/settings: the one settings object (contract Settings). */
export const settingsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { settings }) => {
  app.get('/api/settings', async () => settings);
};
