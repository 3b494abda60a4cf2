import {
  addPupilsRequestSchema,
  loginCardsRequestSchema,
  renamePupilRequestSchema,
} from '@mathgames/contracts';
import { requireUser } from '@mathgames/platform';
import type { Express } from 'express';
import {
  addClassPupils,
  issueClassLoginCards,
  listClassPupils,
  newPupilSignInLink,
  removeClassPupil,
  renameClassPupil,
  resetClassPupilPictures,
  revokePupilSignInLink,
  unlockClassPupil,
} from '../../domain/class-pupils.js';
import type { ClassesDeps } from '../../domain/deps.js';
import { contextOf, teacherOf, text } from './caller.js';
import { classIdOf, pupilIdOf } from './path-ids.js';

/** The pupils of a teacher's own class: list, add, rename, pictures, unlock, sign-in links, cards, remove. */
export function classPupilsRoutes(deps: ClassesDeps) {
  return (app: Express) => {
    app.get('/api/classes/:classId/pupils', async (req, res) => {
      const ctx = await contextOf(deps, req);
      res.json({ items: await listClassPupils(ctx, requireUser(req), classIdOf(req)) });
    });

    app.post('/api/classes/:classId/pupils', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      const classId = classIdOf(req);
      const { names } = addPupilsRequestSchema.parse(req.body);
      const items = await addClassPupils(ctx, teacher, classId, names);
      res.status(201).json({ message: text(req, 'pupils_added'), items });
    });

    app.patch('/api/classes/:classId/pupils/:pupilId', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      const classId = classIdOf(req);
      const pupilId = pupilIdOf(req);
      const { name } = renamePupilRequestSchema.parse(req.body);
      const pupil = await renameClassPupil(ctx, teacher, classId, pupilId, name);
      res.json({ message: text(req, 'pupil_renamed'), items: [pupil] });
    });

    app.post('/api/classes/:classId/pupils/:pupilId/pictures', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      const pupil = await resetClassPupilPictures(ctx, teacher, classIdOf(req), pupilIdOf(req));
      res.json({ message: text(req, 'pupil_pictures_reset'), items: [pupil] });
    });

    app.post('/api/classes/:classId/pupils/:pupilId/unlock', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      await unlockClassPupil(ctx, teacher, classIdOf(req), pupilIdOf(req));
      res.json({ message: text(req, 'pupil_unlocked') });
    });

    app.post('/api/classes/:classId/pupils/:pupilId/sign-in-link', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      const secret = await newPupilSignInLink(ctx, teacher, classIdOf(req), pupilIdOf(req));
      res.status(201).json({ message: text(req, 'pupil_link_created'), secret });
    });

    app.delete('/api/classes/:classId/pupils/:pupilId/sign-in-link', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      await revokePupilSignInLink(ctx, teacher, classIdOf(req), pupilIdOf(req));
      res.json({ message: text(req, 'pupil_link_revoked') });
    });

    app.post('/api/classes/:classId/cards', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      const classId = classIdOf(req);
      const { pupilIds } = loginCardsRequestSchema.parse(req.body ?? {});
      const cards = await issueClassLoginCards(ctx, teacher, classId, pupilIds);
      res.json({ message: text(req, 'login_cards_ready'), ...cards });
    });

    app.delete('/api/classes/:classId/pupils/:pupilId', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacher = teacherOf(req);
      await removeClassPupil(ctx, teacher, classIdOf(req), pupilIdOf(req));
      res.json({ message: text(req, 'pupil_removed') });
    });
  };
}
