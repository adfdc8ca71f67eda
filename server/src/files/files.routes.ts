import type { FastifyPluginAsync } from 'fastify';
import { principalOf, type Principal } from '../platform/access';
import { NotFoundError } from '../platform/errors';
import type { FileStorage } from './storage';

const FILE_NOT_FOUND = 'File not found';

/** Who may read a stored file (the messages module answers: who sees what refers to it). */
export type FileReaders = { mayRead(viewer: Principal, key: string): Promise<boolean> };

/**
 * GET /files/<company>/<file>: only to a member who may read what refers to the file (its ticket, or an agent's
 * photo); unknown, foreign and unreadable files alike are 404. Answers one byte range (`Range: bytes=a-b`, `a-`,
 * `-n`) with 206, so a video can be sought without its whole download; whatever store holds the file, it is
 * streamed.
 */
export const fileRoutes =
  (storage: FileStorage, readers: FileReaders): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { company: string; file: string }; Querystring: { download?: string } }>(
      '/files/:company/:file',
      { config: { access: 'member' } },
      async (request, reply) => {
        const principal = principalOf(request);
        const key = `${request.params.company}/${request.params.file}`;
        // Same answer as for a missing file: a 403 would tell that the file exists.
        if (!(await readers.mayRead(principal, key))) throw new NotFoundError(FILE_NOT_FOUND);
        const file = await storage.open(principal.companyId, key);
        if (!file) throw new NotFoundError(FILE_NOT_FOUND);
        const name = (request.query.download ?? request.params.file).replace(/[^\w.\- ()]/g, '_').slice(0, 150);
        reply
          .header('Content-Type', file.mime)
          .header('Accept-Ranges', 'bytes')
          .header('Cache-Control', 'private, max-age=86400')
          .header(
            'Content-Disposition',
            `${file.inline && !request.query.download ? 'inline' : 'attachment'}; filename="${name}"`,
          )
          .header('Content-Security-Policy', "default-src 'none'; sandbox");
        const header = request.headers.range;
        const range = header === undefined ? undefined : byteRange(header, file.size);
        if (range === 'unsatisfiable') {
          return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
        }
        if (range) {
          return reply
            .status(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
            .header('Content-Length', range.end - range.start + 1)
            .send(file.stream(range));
        }
        return reply.header('Content-Length', file.size).send(file.stream());
      },
    );
  };

/**
 * One range of a `Range` header; undefined (the whole file) for what it does not understand, including several
 * ranges, as RFC 9110 allows.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return undefined;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
