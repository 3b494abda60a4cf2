import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

export const PHOTO_SIZE_PX = 256;
/** ~24 megapixels: any real camera photo fits, a decompression bomb (e.g. 20000×20000) does not. */
export const PHOTO_MAX_INPUT_PIXELS = 24_000_000;
/** The image formats photos may have (contracts ALLOWED_PHOTO_TYPES); every other libvips decoder stays unreachable. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

// libvips decoders are large attack surface (HEIF/AVIF, TIFF, SVG, PDF, …): block every loader in this process,
// then allow back only the four in-memory ones those formats need. Belt and braces with the magic-byte check below.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadWebpBuffer',
    'VipsForeignLoadNsgifBuffer',
  ],
});
// One libvips thread per image and no operation cache: a burst of uploads cannot take every core or hold memory.
sharp.concurrency(1);
sharp.cache(false);

/** The file signatures of the allowed formats: anything else never reaches sharp. */
export function hasAllowedSignature(input: Buffer): boolean {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => input[offset + i] === b);
  return (
    starts([0xff, 0xd8, 0xff]) || // JPEG
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || // PNG
    starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || // GIF87a
    starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]) || // GIF89a
    (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) // RIFF….WEBP
  );
}

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
  if (!hasAllowedSignature(input)) throw new PhotoRejectedError('not_an_image');
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
    content = await sharp(input, {
      limitInputPixels: PHOTO_MAX_INPUT_PIXELS,
      failOn: 'error',
      sequentialRead: true,
    })
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
