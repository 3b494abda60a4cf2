import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJsonError } from '../http-errors.js';
import { resolveLanguage } from '../language.js';
import { readingBodies } from '../metrics.js';

/**
 * A request body is read in full before the request is admitted (load-shedding.ts counts it) or reaches a
 * service: a client that opens a POST and then sends nothing, or a byte now and then, holds only its own socket
 * and a little memory, never a place in the in-flight bound nor an upstream socket. A body idle for `idleMs`
 * gets 408 (and the connection is closed); one larger than `maxBytes` gets 413 as soon as that is known (its
 * Content-Length, or the byte that crosses the limit), also closing the connection. The whole request is bounded
 * by node's own `requestTimeout` and its header block by `headersTimeout` (set where the server listens).
 *
 * Bodies are small here (a game result is ~1 KB; the services parse JSON up to 100 KB). The one large body, the
 * profile photo (multipart, up to 5 MB by the spec), streams on as before: buffering it would hold megabytes per
 * upload, and auth answers an oversized photo with the spec's own message.
 */
export interface BodyGateOptions {
  idleMs: number;
  maxBytes: number;
}

const STREAMED_PATHS = new Set(['/api/profile/photo']);
const bodies = new WeakMap<IncomingMessage, Buffer>();

/** Whether the request carries a body the gateway must read before admitting it. */
export function hasBufferedBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === undefined || length === '0')) return false;
  return !STREAMED_PATHS.has(req.url?.split('?', 1)[0] ?? '');
}

/** The body read by `readBody`, for the proxy to send on (undefined when it was streamed). */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

/**
 * Reads the body into memory. Resolves true when it is complete; false when the request was answered (408, 413)
 * or the client went away, and the caller must do nothing more.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: BodyGateOptions,
): Promise<boolean> {
  return new Promise((resolve) => {
    const refuse = (status: 408 | 413) => {
      cleanup();
      // The rest of the body is not read: the connection cannot be reused.
      res.setHeader('connection', 'close');
      res.once('finish', () => req.socket.destroySoon());
      sendJsonError(
        res,
        status,
        status === 413 ? 'request_too_large' : 'request_timeout',
        resolveLanguage(req.headers),
      );
      resolve(false);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => refuse(408), options.idleMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) return refuse(413);
      chunks.push(chunk);
      timer.refresh();
    };
    const onEnd = () => {
      cleanup();
      bodies.set(req, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      resolve(true);
    };
    const onGone = () => {
      cleanup();
      resolve(false);
    };
    function cleanup() {
      if (settled) return;
      settled = true;
      readingBodies.dec();
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      res.off('close', onClose);
    }
    // The response closing before the body ended is the client going away (or node's requestTimeout).
    const onClose = () => onGone();
    readingBodies.inc();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) return refuse(413);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('aborted', onGone);
    res.once('close', onClose);
  });
}
