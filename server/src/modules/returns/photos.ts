import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import {
  RETURN_PHOTO_EMPTY_MESSAGE,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_MAX_PIXELS,
  RETURN_PHOTO_NOT_IMAGE_MESSAGE,
  RETURN_PHOTO_NOT_FOUND_MESSAGE,
  RETURN_PHOTO_PIXELS_MESSAGE,
  RETURN_PHOTOS_UNATTACHED_MAX,
  RETURN_PHOTOS_UNATTACHED_MESSAGE,
  returnPhotoTooLargeMessage,
  type ReturnPhoto,
} from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import {
  countUnattachedPhotos,
  deleteUnattachedPhotos,
  findAttachedPhoto,
  insertPhoto,
  lockClientPhotos,
} from './queries.ts';

/**
 * A return's photos (issue 32): uploaded one at a time as raw bytes before the request names them, kept under the
 * uploads folder (UPLOADS_DIR/return-photos/) like the price lists staff upload, with a row naming the client. A
 * file is an image when its first bytes say so (file-type reads the magic numbers; the name and the declared type
 * are not trusted), at most RETURN_PHOTO_MAX_BYTES and RETURN_PHOTO_MAX_PIXELS (read from the header by
 * image-size, never decoded: a small file declaring a huge picture would stop the manager's browser), and a client
 * holds at most RETURN_PHOTOS_UNATTACHED_MAX photos not yet attached to a request (the disk is not a free store);
 * anything else is refused and nothing is written.
 */

const photosFolder = (uploadsDir: string) => path.join(uploadsDir, 'return-photos');

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif']);

const tooLarge = (limit: number) => new HttpError(413, returnPhotoTooLargeMessage(limit), 'payload_too_large');
const refused = (message: string) => validationFailed({ file: [message] }, message);

/** The body's bytes, at most `limit` (413 past it, the rest of the body drained). */
async function readLimited(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.resume();
      throw tooLarge(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A photo no request named within this long is deleted (by the hourly job `return-photos-clean`). */
export const UNATTACHED_PHOTO_HOURS = 24;

/**
 * Deletes the photos uploaded more than UNATTACHED_PHOTO_HOURS before `now` and never attached to a return: their
 * rows, then their files (a file already gone is no error). Answers how many went.
 */
export async function removeUnattachedPhotos(deps: { db: Db; uploadsDir: string }, now: Date): Promise<number> {
  const names = await deleteUnattachedPhotos(deps.db, new Date(now.getTime() - UNATTACHED_PHOTO_HOURS * 3_600_000));
  for (const name of names) await rm(path.join(photosFolder(deps.uploadsDir), name), { force: true });
  return names.length;
}

export async function receiveReturnPhoto(
  deps: { db: Db; uploadsDir: string; limit?: number },
  input: { clientId: number; body: unknown; contentLength: number | undefined; at: Date },
): Promise<ReturnPhoto> {
  const limit = deps.limit ?? RETURN_PHOTO_MAX_BYTES;
  if (!(input.body instanceof Readable)) {
    throw new HttpError(415, 'Файл отправляется как application/octet-stream', 'unsupported_media_type');
  }
  if (input.contentLength !== undefined && input.contentLength > limit) {
    input.body.resume();
    throw tooLarge(limit);
  }
  const bytes = await readLimited(input.body, limit);
  if (bytes.length === 0) throw refused(RETURN_PHOTO_EMPTY_MESSAGE);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw refused(RETURN_PHOTO_NOT_IMAGE_MESSAGE);
  const pixels = pixelsOf(bytes);
  if (pixels === null) throw refused(RETURN_PHOTO_NOT_IMAGE_MESSAGE);
  if (pixels > RETURN_PHOTO_MAX_PIXELS) throw refused(RETURN_PHOTO_PIXELS_MESSAGE);
  const folder = photosFolder(deps.uploadsDir);
  await mkdir(folder, { recursive: true });
  const fileName = `${randomUUID()}.${type.ext}`;
  const file = path.join(folder, fileName);
  const row = await deps.db.transaction(async (tx) => {
    await lockClientPhotos(tx, input.clientId);
    if ((await countUnattachedPhotos(tx, input.clientId)) >= RETURN_PHOTOS_UNATTACHED_MAX) {
      throw refused(RETURN_PHOTOS_UNATTACHED_MESSAGE);
    }
    await writeFile(file, bytes);
    try {
      return await insertPhoto(tx, {
        clientId: input.clientId,
        fileName,
        contentType: type.mime,
        size: bytes.length,
        createdAt: input.at,
      });
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  });
  return { id: row.id, content_type: row.contentType, size: row.size };
}

/** The picture's width times height as its header declares them; null when the header cannot be read. */
function pixelsOf(bytes: Buffer): number | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? width * height : null;
  } catch {
    return null;
  }
}

/**
 * A return's photo: its bytes and the type read at upload. Only a photo a return names is served (an upload not
 * yet sent with a request is the client's draft); a row whose file is gone answers the same 404. Staff read any;
 * a client (`clientId`) only its own, another client's answering 404 like a missing one.
 */
export async function readReturnPhoto(
  deps: { db: Db; uploadsDir: string },
  photoId: number,
  clientId?: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const row = await findAttachedPhoto(deps.db, photoId, clientId);
  if (!row) throw notFound(RETURN_PHOTO_NOT_FOUND_MESSAGE);
  // The name is ours (a UUID and the type's extension); basename keeps it inside the folder all the same.
  const bytes = await readFile(path.join(photosFolder(deps.uploadsDir), path.basename(row.fileName))).catch(() => null);
  if (!bytes) throw notFound(RETURN_PHOTO_NOT_FOUND_MESSAGE);
  return { bytes, contentType: row.contentType };
}
