import {
  type ClassJoin,
  createClassRequestSchema,
  joinCodeSchema,
  signInNames,
  updateClassRequestSchema,
} from '@mathgames/contracts';
import { AppError, requireUser, signJoinTicket } from '@mathgames/platform';
import type { Express } from 'express';
import { findJoinableClass } from '../../data-access/classes-repository.js';
import { listPupilsOfClass } from '../../data-access/pupils-repository.js';
import { classDashboard, pupilProgressDetail } from '../../domain/class-dashboard.js';
import { classProgress, removeAllPupilsOfClass } from '../../domain/class-pupils.js';
import type { ClassesDeps } from '../../domain/deps.js';
import {
  changeTeacherClass,
  classSignInTrouble,
  createTeacherClass,
  deleteTeacherClass,
  getTeacherClass,
  listTeacherClasses,
  regenerateJoinCode,
  resetClassSignIn,
} from '../../domain/teacher-classes.js';
import { teacherOf, text } from './caller.js';
import { classPupilsRoutes } from './class-pupils-routes.js';
import { classIdOf, pupilIdOf } from './path-ids.js';

/** A teacher's own classes; another teacher's class id answers 404 like a missing one. */
export function classesRoutes(ctx: ClassesDeps) {
  return (app: Express) => {
    // Open to anyone with the code (pupils are not signed in yet): the class name, the pupils' names without
    // surnames and a ticket for auth. An unknown, closed or archived class looks the same; the gateway counts
    // such a miss as a guess (docs/operations/sign-in-security.md "Guessing at a class's sign-in").
    app.get('/api/classes/join/:code', async (req, res) => {
      const parsed = joinCodeSchema.safeParse(req.params.code);
      const found = parsed.success ? await findJoinableClass(ctx.pool, parsed.data) : null;
      if (!found) throw new AppError(404, 'not_found', 'class_code_unknown', 'code');
      const pupils = await listPupilsOfClass(ctx.pool, found.id);
      const names = signInNames(pupils.map((p) => p.name));
      const body: ClassJoin = {
        classId: found.id,
        className: found.name,
        ticket: signJoinTicket(found.id, ctx.internalSecret),
        pupils: pupils.map((p, i) => ({ id: p.id, name: names[i]!, pictureCount: p.pictureCount })),
      };
      res.setHeader('Cache-Control', 'no-store');
      res.json(body);
    });

    app.use('/api/classes', (_req, res, next) => {
      res.setHeader('Cache-Control', 'private, no-store');
      next();
    });

    app.get('/api/classes', async (req, res) => {
      res.json({ items: await listTeacherClasses(ctx, requireUser(req)) });
    });

    app.post('/api/classes', async (req, res) => {
      const userId = requireUser(req);
      const input = createClassRequestSchema.parse(req.body);
      const created = await createTeacherClass(ctx, { ...req.identity, userId }, input);
      res.status(201).json({ message: text(req, 'class_created'), class: created });
    });

    app.get('/api/classes/:classId', async (req, res) => {
      res.json(await getTeacherClass(ctx, requireUser(req), classIdOf(req)));
    });

    app.patch('/api/classes/:classId', async (req, res) => {
      const userId = requireUser(req);
      const classId = classIdOf(req);
      const changes = updateClassRequestSchema.parse(req.body);
      const updated = await changeTeacherClass(ctx, { ...req.identity, userId }, classId, changes);
      res.json({ message: text(req, 'class_updated'), class: updated });
    });

    app.post('/api/classes/:classId/join-code', async (req, res) => {
      const updated = await regenerateJoinCode(ctx, teacherOf(req), classIdOf(req));
      res.json({ message: text(req, 'join_code_regenerated'), class: updated });
    });

    // Sign-in trouble: where wrong pictures came from lately, and the one-click reset (new code, tickets retired).
    app.get('/api/classes/:classId/sign-in-trouble', async (req, res) => {
      res.json(await classSignInTrouble(ctx, teacherOf(req), classIdOf(req)));
    });

    app.post('/api/classes/:classId/sign-in-trouble/reset', async (req, res) => {
      const updated = await resetClassSignIn(ctx, teacherOf(req), classIdOf(req));
      res.json({ message: text(req, 'join_code_regenerated'), class: updated });
    });

    app.delete('/api/classes/:classId', async (req, res) => {
      const teacher = teacherOf(req);
      const classId = classIdOf(req);
      await getTeacherClass(ctx, teacher.userId, classId);
      await removeAllPupilsOfClass(ctx, teacher, classId);
      await deleteTeacherClass(ctx, teacher.userId, classId);
      res.json({ message: text(req, 'class_deleted') });
    });

    app.get('/api/classes/:classId/progress', async (req, res) => {
      res.json(await classProgress(ctx, requireUser(req), classIdOf(req)));
    });

    // The class grid and what the class gets wrong most; one pupil's history, topics and mistakes.
    app.get('/api/classes/:classId/dashboard', async (req, res) => {
      res.json(await classDashboard(ctx, requireUser(req), classIdOf(req)));
    });

    app.get('/api/classes/:classId/pupils/:pupilId/progress', async (req, res) => {
      res.json(await pupilProgressDetail(ctx, requireUser(req), classIdOf(req), pupilIdOf(req)));
    });

    classPupilsRoutes(ctx)(app);
  };
}
