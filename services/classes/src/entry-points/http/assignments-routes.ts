import { createAssignmentRequestSchema, translate } from '@mathgames/contracts';
import { requireUser } from '@mathgames/platform';
import type { Express } from 'express';
import {
  assignPractice,
  closeClassAssignment,
  deleteClassAssignment,
  listClassAssignments,
  pupilAssignments,
} from '../../domain/assignments.js';
import type { ClassesDeps } from '../../domain/deps.js';
import { contextOf } from './caller.js';
import { assignmentIdOf, classIdOf } from './path-ids.js';

/**
 * Assignments. The teacher's endpoints answer only for their own class (another teacher's class or assignment, and
 * any pupil, get the 404 of a missing one); `/api/classes/me/assignments` lists the signed-in pupil's own.
 */
export function assignmentsRoutes(deps: ClassesDeps) {
  return (app: Express) => {
    app.use(['/api/classes/me/assignments', '/api/classes/:classId/assignments'], (_req, res, next) => {
      res.setHeader('Cache-Control', 'private, no-store');
      next();
    });

    app.get('/api/classes/me/assignments', async (req, res) => {
      const ctx = await contextOf(deps, req);
      res.json({ items: await pupilAssignments(ctx, requireUser(req)) });
    });

    app.get('/api/classes/:classId/assignments', async (req, res) => {
      const ctx = await contextOf(deps, req);
      res.json({ items: await listClassAssignments(ctx, requireUser(req), classIdOf(req)) });
    });

    app.post('/api/classes/:classId/assignments', async (req, res) => {
      const ctx = await contextOf(deps, req);
      const teacherId = requireUser(req);
      const classId = classIdOf(req);
      const input = createAssignmentRequestSchema.parse(req.body);
      const assignment = await assignPractice(ctx, teacherId, classId, input);
      res.status(201).json({ message: translate('assignment_created', req.identity.lang), assignment });
    });

    app.post('/api/classes/:classId/assignments/:assignmentId/close', async (req, res) => {
      const ctx = await contextOf(deps, req);
      await closeClassAssignment(ctx, requireUser(req), classIdOf(req), assignmentIdOf(req));
      res.json({ message: translate('assignment_closed', req.identity.lang) });
    });

    app.delete('/api/classes/:classId/assignments/:assignmentId', async (req, res) => {
      const ctx = await contextOf(deps, req);
      await deleteClassAssignment(ctx, requireUser(req), classIdOf(req), assignmentIdOf(req));
      res.json({ message: translate('assignment_deleted', req.identity.lang) });
    });
  };
}
