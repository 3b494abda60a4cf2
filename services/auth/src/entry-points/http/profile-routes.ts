import {
  deleteAccountRequestSchema,
  MAX_PHOTO_BYTES,
  PHOTO_FIELD,
  profileUpdateRequestSchema,
} from '@mathgames/contracts';
import { AppError, requireUser, SESSION_REVOKE_USER_HEADER } from '@mathgames/platform';
import type { Express, RequestHandler } from 'express';
import multer from 'multer';
import { deleteOwnAccount } from '../../domain/account-deletion.js';
import type { AuthDeps } from '../../domain/deps.js';
import { readPhoto, removePhoto, updateProfile, uploadPhoto } from '../../domain/profile.js';
import { caller, text } from './caller.js';

const PHOTO_FILE = /^([A-Za-z0-9_-]{22})\.webp$/;

function photoError(messageKey: 'photo_too_large' | 'photo_type_invalid' | 'photo_required') {
  return new AppError(400, 'validation_error', messageKey, PHOTO_FIELD);
}

/** One file in memory, at most 5 MB: the stream is cut as soon as it passes the limit. */
function acceptPhoto(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  }).single(PHOTO_FIELD);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
        return next(photoError('photo_too_large'));
      // Wrong field name, several files, a malformed body: all "pick one image" to the child.
      next(photoError('photo_type_invalid'));
    });
  };
}

/** The signed-in user's own profile: details, account deletion and the photo. */
export function profileRoutes(ctx: AuthDeps) {
  return (app: Express) => {
    app.post('/api/profile/update', async (req, res) => {
      const userId = requireUser(req);
      const input = profileUpdateRequestSchema.parse(req.body);
      const { user, emailChangeRequested } = await updateProfile(ctx, userId, input, caller(req));
      res.json({
        message: text(req, emailChangeRequested ? 'email_change_pending_neutral' : 'profile_updated'),
        user,
      });
    });

    app.post('/api/profile/delete', async (req, res) => {
      const userId = requireUser(req);
      const { password } = deleteAccountRequestSchema.parse(req.body);
      await deleteOwnAccount(ctx, userId, password, caller(req).ip);
      // The gateway ends this session too (and every other one of the user).
      res.set(SESSION_REVOKE_USER_HEADER, String(userId)).json({ message: text(req, 'account_deleted') });
    });

    // Signed-in check first: an anonymous upload is refused before a byte of it is buffered.
    const signedIn: RequestHandler = (req, _res, next) => {
      requireUser(req);
      next();
    };
    app.post('/api/profile/photo', signedIn, acceptPhoto(), async (req, res) => {
      const userId = requireUser(req);
      if (!req.file || req.file.size === 0) throw photoError('photo_required');
      const photoUrl = await uploadPhoto(ctx, userId, req.file.buffer);
      res.json({ photoUrl, message: text(req, 'photo_uploaded') });
    });

    app.delete('/api/profile/photo', async (req, res) => {
      await removePhoto(ctx, requireUser(req));
      res.json({ photoUrl: null, message: text(req, 'photo_deleted') });
    });

    app.get('/api/profile/photos/:file', async (req, res) => {
      const userId = requireUser(req);
      const version = PHOTO_FILE.exec(req.params.file ?? '')?.[1];
      if (!version) throw new AppError(404, 'not_found');
      const content = await readPhoto(ctx, userId, version);
      res
        .set({
          'Content-Type': 'image/webp',
          // The URL changes with the photo, so the browser may keep it forever; private: never in shared caches.
          'Cache-Control': 'private, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'",
        })
        .send(content);
    });
  };
}
