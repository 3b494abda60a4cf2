import { addPupilsRequestSchema, translate } from '@mathgames/contracts';
import { requireUser } from '@mathgames/platform';
import type { Express } from 'express';
import { importClassList } from '../../domain/class-list.js';
import { classMastery } from '../../domain/class-mastery.js';
import type { ClassesDeps } from '../../domain/deps.js';
import { pupilFacts } from '../../domain/pupil-facts.js';
import { classIdOf, pupilIdOf } from './path-ids.js';

/**
 * What a teacher plans by (docs/product-rules.md#class-list-import): the class list import (e-Okul CSV or a pasted spreadsheet, previewed in the
 * browser; only new names are added), a pupil's fact matrix and the class's mastery per outcome.
 */
export function classListRoutes(ctx: ClassesDeps) {
  return (app: Express) => {
    app.get('/api/classes/:classId/pupils/:pupilId/facts', async (req, res) => {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await pupilFacts(ctx, requireUser(req), classIdOf(req), pupilIdOf(req), req.query.threshold));
    });

    app.get('/api/classes/:classId/outcomes', async (req, res) => {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await classMastery(ctx, requireUser(req), classIdOf(req)));
    });

    app.post('/api/classes/:classId/pupils/import', async (req, res) => {
      const teacher = { ...req.identity, userId: requireUser(req) };
      const classId = classIdOf(req);
      const { names } = addPupilsRequestSchema.parse(req.body);
      const { added, alreadyThere } = await importClassList(ctx, teacher, classId, names);
      res.status(added.length > 0 ? 201 : 200).json({
        message: translate('pupils_added', req.identity.lang),
        items: added,
        alreadyThere,
      });
    });
  };
}
