import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_SIZE_PX = 256;
/** ~24 megapixels: any real camera photo fits, a decompression bomb (e.g. 20000×20000) does not. */
export const PHOTO_MAX_INPUT_PIXELS = 24_000_000;
/** Raster formats decoded by libvips. SVG (scripts, external references) and PDF are deliberately absent. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type PhotoRejection = 'not_an_image' | 'too_many_pixels';

export type ProcessedPhoto = { content: Buffer; version: string };

export class PhotoRejectedError extends Error {
  constructor(readonly reason: PhotoRejection) {
    super(`photo rejected: ${reason}`);
  }
}

/**
 * Turns an upload into a 256×256 WebP avatar. The bytes decide what the file is (never its name or declared
 * type); EXIF orientation is applied, then every piece of metadata (GPS, camera, …) is dropped.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejectedError('not_an_image');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
    throw new PhotoRejectedError('not_an_image');
  const pages = metadata.pages ?? 1;
  // Check the header before decoding anything, so a bomb never gets its pixels allocated.
  if (
    !metadata.width ||
    !metadata.height ||
    metadata.width * metadata.height * pages > PHOTO_MAX_INPUT_PIXELS
  ) {
    throw new PhotoRejectedError(metadata.width && metadata.height ? 'too_many_pixels' : 'not_an_image');
  }
  let content: Buffer;
  try {
    content = await sharp(input, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new PhotoRejectedError('too_many_pixels');
    throw new PhotoRejectedError('not_an_image');
  }
  const version = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  return { content, version };
}
