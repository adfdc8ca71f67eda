import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../platform/access';
import { NotFoundError } from '../platform/errors';
import type { FileStorage } from './storage';

/** GET /files/<company>/<file>: only to a logged-in member of that company; unknown and foreign files are 404. */
export const fileRoutes =
  (storage: FileStorage): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { company: string; file: string }; Querystring: { download?: string } }>(
      '/files/:company/:file',
      { config: { access: 'member' } },
      async (request, reply) => {
        const { companyId } = principalOf(request);
        const file = await storage.open(companyId, `${request.params.company}/${request.params.file}`);
        if (!file) throw new NotFoundError('File not found');
        const name = (request.query.download ?? request.params.file).replace(/[^\w.\- ()]/g, '_').slice(0, 150);
        reply
          .header('Content-Type', file.mime)
          .header('Content-Length', file.size)
          .header('Cache-Control', 'private, max-age=86400')
          .header(
            'Content-Disposition',
            `${file.inline && !request.query.download ? 'inline' : 'attachment'}; filename="${name}"`,
          )
          .header('Content-Security-Policy', "default-src 'none'; sandbox");
        return reply.send(createReadStream(file.path));
      },
    );
  };
