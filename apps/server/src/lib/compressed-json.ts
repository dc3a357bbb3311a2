/**
 * A large JSON answer compressed for the wire (issue 22: a device's first download of 50,000
 * products is about 15 MB of JSON, ~1 MB compressed). Brotli when the caller accepts it, else
 * gzip, else as is; compressed off the event loop (zlib's thread pool). The API's other answers
 * are small and go out as they are.
 *
 * The body is serialized here, so it must already have its response schema's shape (the route
 * still declares the schema, for the API docs; its tests check the shape).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves too little to be worth it. */
const MIN_BYTES = 1024;
/** Brotli's quality: 5 compresses JSON about as well as gzip -9, several times faster. */
const BROTLI_QUALITY = 5;

/** The encodings the Accept-Encoding header allows (q > 0), lowercased. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  return accepted;
}

export async function sendCompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<FastifyReply> {
  const json = Buffer.from(JSON.stringify(body));
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (json.length < MIN_BYTES) return reply.send(json);
  if (accepted.has('br')) {
    const compressed = await brotli(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (accepted.has('gzip')) {
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(json));
  }
  return reply.send(json);
}
