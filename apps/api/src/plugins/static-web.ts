import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy is seen at
 * once. Unknown paths that a browser navigates to get index.html (the app routes them); unknown API paths
 * still get a 404 problem.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app is not built; run `npm run build` to serve it');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The site root is the app itself, not a directory listing.
  app.get('/', { config: { public: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
  return function sendApp(request: FastifyRequest, reply: FastifyReply): boolean {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/oidc');
    if (!isPage) return false;
    reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
