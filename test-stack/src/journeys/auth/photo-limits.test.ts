import { LIMITS } from '@mathgames/auth';
import { processPhoto } from '@mathgames/auth/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack, uploadPhoto } from './auth-stack.js';

// Only the four allowed decoders (JPEG, PNG, WebP, GIF) are reachable, and uploads have a per-user budget.
let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack({ mailWorker: true });
});
afterAll(async () => {
  await stack?.close();
});

const tiny = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#e11d48' } });

describe('photo decoders', () => {
  it.each([
    ['TIFF', () => tiny().tiff().toBuffer()],
    ['AVIF', () => tiny().avif().toBuffer()],
    ['HEIF', () => tiny().heif({ compression: 'av1' }).toBuffer()],
  ])('refuse a %s file as "not an image"', async (_format, make) => {
    const tab = await signUp(stack, {
      username: `dec-${_format.toLowerCase()}`,
      email: `dec-${_format.toLowerCase()}@example.com`,
    });
    const reply = await uploadPhoto(tab, await make(), 'photo.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ field: 'photo', code: 'validation_error' });
  });

  it('are blocked inside libvips too, not only by the signature check', async () => {
    await processPhoto(await tiny().png().toBuffer()); // loads the module that configures sharp
    const tiff = await tiny().tiff().toBuffer();
    await expect(sharp(tiff).rotate().toBuffer()).rejects.toThrow(/unsupported image format|blocked/i);
    // The allowed ones still decode.
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const bytes = await tiny().toFormat(format).toBuffer();
      expect((await processPhoto(bytes)).content.length).toBeGreaterThan(0);
    }
  });
});

describe('the per-user upload budget', () => {
  it(`refuses upload ${LIMITS.photoUploadUser.points + 1} within an hour with 429, for that user only`, async () => {
    const png = await tiny().png().toBuffer();
    const tab = await signUp(stack, { username: 'uploader', email: 'uploader@example.com' });
    for (let i = 0; i < LIMITS.photoUploadUser.points; i++) {
      expect((await uploadPhoto(tab, png, 'me.png', 'image/png')).status, `upload ${i + 1}`).toBe(200);
    }
    const over = await uploadPhoto(tab, png, 'me.png', 'image/png');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await signUp(stack, { username: 'other-up', email: 'other-up@example.com' });
    expect((await uploadPhoto(other, png, 'me.png', 'image/png')).status).toBe(200);
  });
});
