import { type ClassAssignment, DIFFICULTY_KEYS, GAME_TYPE_KEYS } from '@mathgames/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import {
  classAssignmentsKey,
  classAssignmentsQueryOptions,
  closeAssignment,
  deleteAssignment,
} from '../api/class-assignments.js';
import { ClassTable } from './class-table.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { LoadError } from './load-error.js';
import { useServerAction } from './use-server-action.js';

export function formatDueDate(iso: string, lang: 'tr' | 'en'): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(iso));
}

function AssignmentCard({ classId, assignment }: { classId: number; assignment: ClassAssignment }) {
  const { t, i18n } = useTranslation(['teacher', 'common']);
  const lang = toLang(i18n.resolvedLanguage);
  const client = useQueryClient();
  const { busy, run } = useServerAction();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: classAssignmentsKey(classId) });
  const topic = t(`common:topics.${GAME_TYPE_KEYS[assignment.gameType]}`);
  const difficulty = t(`common:difficulties.${DIFFICULTY_KEYS[assignment.difficulty]}`);
  const title = t('assignments.itemTitle', { topic, difficulty, count: assignment.questionsCount });
  const finished = assignment.pupils.filter((p) => p.finished).length;
  return (
    <li className="rounded-3xl border border-slate-200 p-4" data-testid="assignment">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-extrabold text-slate-900">{title}</h3>
          <p className="text-base text-slate-700">
            {t('assignments.dueOn', { date: formatDueDate(assignment.dueAt, lang) })} ·{' '}
            {assignment.wholeClass ? t('assignments.for.class') : t('assignments.for.chosen')}
            {assignment.closed && <> · {t('assignments.closedLabel')}</>}
          </p>
          <p className="text-base font-bold text-slate-800" data-testid="assignment-summary">
            {t('assignments.finishedCount', { finished, total: assignment.pupils.length })}
          </p>
        </div>
        <span className="flex flex-wrap gap-2">
          {!assignment.closed && (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => run(() => closeAssignment(classId, assignment.id), { onDone: refresh })}
              aria-label={t('assignments.closeOf', { title })}
            >
              {t('assignments.close')}
            </Button>
          )}
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={t('assignments.deleteOf', { title })}
          >
            {t('actions.delete')}
          </Button>
        </span>
      </div>
      {assignment.pupils.length === 0 ? (
        <p className="mt-3 text-base text-slate-700">{t('pupils.empty')}</p>
      ) : (
        <ClassTable
          className="mt-3"
          caption={title}
          headings={[t('pupils.name'), t('assignments.status'), t('assignments.score')]}
        >
          {assignment.pupils.map((pupil) => (
            <tr
              key={pupil.pupilId}
              className="border-b border-slate-100"
              data-testid="assignment-pupil"
              data-finished={pupil.finished}
            >
              <th scope="row" className="py-2 pr-3 font-bold">
                {pupil.name}
              </th>
              <td className="py-2 pr-3">
                {pupil.finished ? (
                  <span className="font-bold text-emerald-800">
                    <span aria-hidden="true">✓ </span>
                    {pupil.late ? t('assignments.finishedLate') : t('assignments.finished')}
                  </span>
                ) : (
                  <span className="text-slate-700">
                    <span aria-hidden="true">○ </span>
                    {t('assignments.notFinished')}
                  </span>
                )}
              </td>
              <td className="py-2" data-testid="assignment-score">
                {pupil.finished
                  ? t('assignments.scoreValue', {
                      correct: pupil.correctAnswers,
                      total: assignment.questionsCount,
                    })
                  : '—'}
              </td>
            </tr>
          ))}
        </ClassTable>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('assignments.deleteTitle', { title })}
          description={t('assignments.deleteDescription')}
          confirmLabel={t('delete.confirm')}
          confirmTestId="confirm-delete-assignment"
          busy={busy}
          onConfirm={() =>
            run(() => deleteAssignment(classId, assignment.id), {
              onDone: refresh,
              close: () => setConfirming(false),
            })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** The class's assignments: who finished each and how well, refreshed while the page is open. */
export function ClassAssignmentsList({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const query = useQuery(classAssignmentsQueryOptions(classId));
  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">{t('assignments.listTitle')}</h2>
      {query.isPending ? (
        <Skeleton className="mt-4 h-40" />
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-lg text-slate-700" data-testid="no-assignments">
          {t('assignments.empty')}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4" data-testid="assignments">
          {query.data.items.map((assignment) => (
            <AssignmentCard key={assignment.id} classId={classId} assignment={assignment} />
          ))}
        </ul>
      )}
    </Card>
  );
}
