import {
  addPupilsRequestSchema,
  classIdSchema,
  classSignInTroubleSchema,
  MAX_PUPILS_PER_CLASS,
  pupilIdSchema,
  pupilLinkLoginRequestSchema,
  pupilLoginRequestSchema,
  renamePupilRequestSchema,
} from '@mathgames/contracts';
import { pathIdOr404, requireUser, SESSION_LOGIN_HEADER, SESSION_SHARED_HEADER } from '@mathgames/platform';
import type { Express, Request } from 'express';
import { z } from 'zod';
import type { AuthDeps } from '../../domain/deps.js';
import {
  classSignInTrouble,
  createPupilAccounts,
  createSignInLink,
  deletePupilAccount,
  issueLoginCards,
  renamePupilAccount,
  resetClassSignInTrouble,
  resetPupilPictures,
  retireTickets,
  revokeSignInLink,
  signInPupil,
  signInPupilByLink,
  unlockPupil,
} from '../../domain/pupils.js';

const pupilIdOf = (req: Request) => pathIdOr404(req, 'userId', pupilIdSchema, 'pupil_not_found');

const classIdOf = (req: Request) => pathIdOr404(req, 'classId', classIdSchema, 'class_not_found');

const cardsSchema = z.object({ userIds: z.array(pupilIdSchema).min(1).max(MAX_PUPILS_PER_CLASS) });

const createPupilsSchema = addPupilsRequestSchema.extend({ classId: classIdSchema });

/**
 * Pupil accounts, for the classes service only: the gateway forwards nothing outside /api, so these paths are
 * reachable only inside the cluster (and the network policy lets only classes call auth). The caller's signed
 * identity is the teacher; the classes service has already checked that the class and pupil are theirs.
 */
export function pupilRoutes(ctx: AuthDeps, internalSecret: string) {
  return (app: Express) => {
    // Public: a pupil at the class's sign-in screen. Not in the gateway's per-address credential budget, since a
    // whole school signs in from one address; the per-pupil and per-(class, place) limits guard it instead.
    app.post('/api/auth/pupil-login', async (req, res) => {
      const input = pupilLoginRequestSchema.parse(req.body);
      const { userId, user } = await signInPupil(ctx, input, internalSecret, req.identity.ip);
      res.set(SESSION_LOGIN_HEADER, String(userId));
      if (input.sharedDevice !== false) res.set(SESSION_SHARED_HEADER, '1');
      res.json(user);
    });

    // Public: the pupil's QR code. Wrong secrets spend per-address and all-address budgets, never a pupil's.
    // A pupil's session is a shared-device one however they signed in: a QR card is scanned on a classroom tablet.
    app.post('/api/auth/pupil-link-login', async (req, res) => {
      const input = pupilLinkLoginRequestSchema.parse(req.body);
      const { userId, user } = await signInPupilByLink(ctx, input, req.identity.ip);
      res.set(SESSION_LOGIN_HEADER, String(userId)).set(SESSION_SHARED_HEADER, '1').json(user);
    });

    // The classes service: the class's code changed or joining closed, so its tickets stop working.
    app.post('/internal/classes/:classId/retire-tickets', async (req, res) => {
      requireUser(req);
      await retireTickets(ctx, classIdOf(req));
      res.json({ ok: true });
    });

    app.get('/internal/classes/:classId/sign-in-trouble', async (req, res) => {
      requireUser(req);
      res.json(classSignInTroubleSchema.parse(await classSignInTrouble(ctx, classIdOf(req))));
    });

    app.post('/internal/classes/:classId/sign-in-trouble/reset', async (req, res) => {
      requireUser(req);
      await resetClassSignInTrouble(ctx, classIdOf(req));
      res.json({ ok: true });
    });

    app.post('/internal/pupils/:userId/sign-in-link', async (req, res) => {
      requireUser(req);
      res.status(201).json({ secret: await createSignInLink(ctx, pupilIdOf(req)) });
    });

    app.delete('/internal/pupils/:userId/sign-in-link', async (req, res) => {
      requireUser(req);
      await revokeSignInLink(ctx, pupilIdOf(req));
      res.status(204).end();
    });

    app.post('/internal/pupils/cards', async (req, res) => {
      requireUser(req);
      const { userIds } = cardsSchema.parse(req.body);
      res.json({ items: await issueLoginCards(ctx, userIds) });
    });

    app.post('/internal/pupils', async (req, res) => {
      const teacherId = requireUser(req);
      const input = createPupilsSchema.parse(req.body);
      const items = await createPupilAccounts(ctx, { ...input, teacherId, lang: req.identity.lang });
      res.status(201).json({ items });
    });

    app.post('/internal/pupils/:userId/pictures', async (req, res) => {
      requireUser(req);
      res.json({ items: [await resetPupilPictures(ctx, pupilIdOf(req))] });
    });

    app.post('/internal/pupils/:userId/unlock', async (req, res) => {
      requireUser(req);
      await unlockPupil(ctx, pupilIdOf(req));
      res.status(204).end();
    });

    app.patch('/internal/pupils/:userId', async (req, res) => {
      requireUser(req);
      const { name } = renamePupilRequestSchema.parse(req.body);
      await renamePupilAccount(ctx, pupilIdOf(req), name);
      res.status(204).end();
    });

    app.delete('/internal/pupils/:userId', async (req, res) => {
      requireUser(req);
      await deletePupilAccount(ctx, pupilIdOf(req));
      res.status(204).end();
    });
  };
}
