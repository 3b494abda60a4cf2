import { crc32, deflateSync } from 'node:zlib';
import { type MessageKey, translate } from '@mathgames/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, type Browser, signUp, startAuthStack, uploadPhoto } from './auth-stack.js';

let stack: AuthStack;
let ada: Browser;
let bob: Browser;

beforeAll(async () => {
  stack = await startAuthStack();
  ada = await signUp(stack, { username: 'ada', email: 'ada@example.com' }, 'en');
  bob = await signUp(stack, { username: 'bob', email: 'bob@example.com' }, 'en');
});
afterAll(async () => {
  await stack?.close();
});

/** Uploads a plain PNG square of one colour, made on the spot. */
async function uploadSquare(browser: Browser, side: number, background: string, name: string) {
  const png = await sharp({ create: { width: side, height: side, channels: 3, background } })
    .png()
    .toBuffer();
  return uploadPhoto(browser, png, name, 'image/png');
}

function refusal(key: MessageKey) {
  return { code: 'validation_error', field: 'photo', message: translate(key, 'en') };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 20000×20000 black PNG (1 bit per pixel): ~50 KB on the wire, 400 megapixels once decoded. */
function decompressionBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const scanlines = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stored landscape, red on top and blue below, with EXIF orientation 6 ("rotate 90° clockwise to view"). */
async function sidewaysJpeg(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 200, height: 50, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, top: 50, left: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();
}

describe('photo upload refuses what is not a safe image', () => {
  it('refuses a text file dressed up as a PNG', async () => {
    const reply = await uploadPhoto(
      ada,
      new TextEncoder().encode('hello, I am not a picture'),
      'cat.png',
      'image/png',
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refusal('photo_type_invalid'));
  });

  it('refuses an SVG, whatever it claims', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const reply = await uploadPhoto(ada, new TextEncoder().encode(svg), 'smile.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refusal('photo_type_invalid'));
  });

  it('refuses a 6 MB file with the size message', async () => {
    const reply = await uploadPhoto(ada, new Uint8Array(6 * 1024 * 1024).fill(7), 'big.jpg', 'image/jpeg');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refusal('photo_too_large'));
  });

  it('refuses a 20000×20000 PNG decompression bomb without decoding it', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const reply = await uploadPhoto(ada, bomb, 'tiny.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refusal('photo_too_large'));
  });

  it('asks for a photo when the form has none', async () => {
    const form = new FormData();
    form.append('other', 'value');
    const reply = await ada.request('POST', '/api/profile/photo', { form });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refusal('photo_required'));
  });
});

describe('an accepted photo', () => {
  it('decides its type from the bytes, comes back upright, 256 px square, WebP, without metadata', async () => {
    const original = await sidewaysJpeg();
    expect(await sharp(original).metadata()).toMatchObject({ width: 200, height: 100, orientation: 6 });

    // Declared as a GIF named .txt: the bytes say JPEG, and that is what counts.
    const reply = await uploadPhoto(ada, original, 'holiday.txt', 'image/gif');
    expect(reply.status).toBe(200);
    const served = await ada.get(reply.body.photoUrl);
    expect(served.status).toBe(200);

    const meta = await sharp(served.raw).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.raw.includes(Buffer.from('secret camera owner'))).toBe(false);

    // Upright: the stored top (red) is now on the right, the stored bottom (blue) on the left.
    const { data, info } = await sharp(served.raw).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [leftR, , leftB] = pixel(20, 128);
    const [rightR, , rightB] = pixel(236, 128);
    expect(leftB).toBeGreaterThan(200);
    expect(leftR).toBeLessThan(60);
    expect(rightR).toBeGreaterThan(200);
    expect(rightB).toBeLessThan(60);
  });

  it('gets a new URL when the photo changes', async () => {
    const first = await uploadSquare(ada, 30, '#123456', 'a.png');
    const second = await uploadSquare(ada, 30, '#654321', 'b.png');
    expect(first.body.photoUrl).not.toBe(second.body.photoUrl);
    expect((await ada.get('/api/auth/me')).body.photoUrl).toBe(second.body.photoUrl);
    expect((await ada.get(first.body.photoUrl)).status).toBe(404);
  });
});

describe("one user cannot touch another's photo or profile", () => {
  it("cannot see, replace or delete someone else's photo", async () => {
    const mine = await uploadSquare(ada, 40, '#00ff00', 'me.png');
    expect(mine.status).toBe(200);

    expect((await bob.get(mine.body.photoUrl)).status).toBe(404);
    expect((await stack.browser().get(mine.body.photoUrl)).status).toBe(401);

    // Bob's delete and upload act on Bob only.
    expect((await bob.request('DELETE', '/api/profile/photo')).status).toBe(200);
    const bobs = await uploadSquare(bob, 40, '#ff00ff', 'bob.png');
    expect((await ada.get('/api/auth/me')).body.photoUrl).toBe(mine.body.photoUrl);
    expect((await ada.get(mine.body.photoUrl)).status).toBe(200);
    expect((await ada.get(bobs.body.photoUrl)).status).toBe(404);
  });

  it("cannot change someone else's profile, even by naming them in the body", async () => {
    const reply = await bob.post('/api/profile/update', {
      id: 1,
      userId: 1,
      username: 'ada',
      displayName: 'Hacked',
      email: 'bob@example.com',
    });
    expect(reply.status).toBe(200);
    expect((await ada.get('/api/auth/me')).body).toMatchObject({
      username: 'ada',
      displayName: 'ada',
      email: 'ada@example.com',
    });
    expect((await bob.get('/api/auth/me')).body).toMatchObject({ username: 'bob', displayName: 'Hacked' });
  });
});
