import {
  addPupilsRequestSchema,
  classIdSchema,
  pupilIdSchema,
  renamePupilRequestSchema,
} from '@mathgames/contracts';
import { AppError, requireUser } from '@mathgames/platform';
import type { Express, Request } from 'express';
import type { AuthContext } from '../../domain/context.js';
import {
  createPupilAccounts,
  deletePupilAccount,
  renamePupilAccount,
  resetPupilPictures,
} from '../../domain/pupils.js';

const pupilIdOf = (req: Request) => {
  const parsed = pupilIdSchema.safeParse(req.params.userId);
  if (!parsed.success) throw new AppError(404, 'not_found', 'pupil_not_found');
  return parsed.data;
};

const createPupilsSchema = addPupilsRequestSchema.extend({ classId: classIdSchema });

/**
 * Pupil accounts, for the classes service only: the gateway forwards nothing outside /api, so these paths are
 * reachable only inside the cluster (and the network policy lets only classes call auth). The caller's signed
 * identity is the teacher; the classes service has already checked that the class and pupil are theirs.
 */
export function pupilRoutes(ctx: AuthContext) {
  return (app: Express) => {
    app.post('/internal/pupils', async (req, res) => {
      requireUser(req);
      const input = createPupilsSchema.parse(req.body);
      const items = await createPupilAccounts(ctx, { ...input, lang: req.identity.lang });
      res.status(201).json({ items });
    });

    app.post('/internal/pupils/:userId/pictures', async (req, res) => {
      requireUser(req);
      res.json({ items: [await resetPupilPictures(ctx, pupilIdOf(req))] });
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
