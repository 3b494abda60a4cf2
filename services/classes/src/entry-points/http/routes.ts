import {
  classIdSchema,
  createClassRequestSchema,
  translate,
  updateClassRequestSchema,
} from '@mathgames/contracts';
import { AppError, requireUser } from '@mathgames/platform';
import type { Express, Request } from 'express';
import {
  type ClassesContext,
  changeTeacherClass,
  createTeacherClass,
  deleteTeacherClass,
  getTeacherClass,
  listTeacherClasses,
  regenerateJoinCode,
} from '../../domain/teacher-classes.js';

// A malformed id names no class: the same 404 as a missing or foreign one.
const classIdOf = (req: Request) => {
  const parsed = classIdSchema.safeParse(req.params.classId);
  if (!parsed.success) throw new AppError(404, 'not_found', 'class_not_found');
  return parsed.data;
};
const text = (req: Request, key: Parameters<typeof translate>[0]) => translate(key, req.identity.lang);

/** A teacher's own classes; another teacher's class id answers 404 like a missing one. */
export function classesRoutes(ctx: ClassesContext) {
  return (app: Express) => {
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
      const updated = await changeTeacherClass(ctx, userId, classId, changes);
      res.json({ message: text(req, 'class_updated'), class: updated });
    });

    app.post('/api/classes/:classId/join-code', async (req, res) => {
      const userId = requireUser(req);
      const updated = await regenerateJoinCode(ctx, userId, classIdOf(req));
      res.json({ message: text(req, 'join_code_regenerated'), class: updated });
    });

    app.delete('/api/classes/:classId', async (req, res) => {
      const userId = requireUser(req);
      await deleteTeacherClass(ctx, userId, classIdOf(req));
      res.json({ message: text(req, 'class_deleted') });
    });
  };
}
