import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';

/**
 * The multipart field `file` of an upload, or a 400 saying how to send it (`howToSend`): not multipart, not valid
 * multipart, no file, or a file under another name. Limits of the plugin carry their own 4xx; busboy's parse errors
 * carry none.
 */
export async function filePart(req: FastifyRequest, howToSend: string) {
  if (!req.isMultipart()) throw badRequest(howToSend);
  let part: Awaited<ReturnType<typeof req.file>>;
  try {
    part = await req.file();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest('The body is not valid multipart data');
  }
  if (!part) throw badRequest(`No file was sent. ${howToSend}`);
  if (part.fieldname !== 'file') {
    part.file.destroy();
    throw badRequest(howToSend);
  }
  return part;
}

/**
 * A small upload's file read whole (subtitles, a metadata sheet): the plugin's size limit refuses a bigger one with
 * 413 and `tooBig` as it streams; a body cut short or framed wrongly (busboy's errors carry no status) is a 400.
 */
export async function smallFile(req: FastifyRequest, howToSend: string, tooBig: string) {
  const part = await filePart(req, howToSend);
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooBig);
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest('The body is not valid multipart data');
  }
}
