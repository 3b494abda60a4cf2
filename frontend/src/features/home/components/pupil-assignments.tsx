import {
  categoryKeyFromGameType,
  DIFFICULTY_KEYS,
  GAME_TYPE_KEYS,
  type PupilAssignment,
  type QuestionCount,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TopicIcon } from '../../../components/topic-icon.js';
import { Button } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { serverMessage } from '../../../lib/api-client.js';
import { writeSelection } from '../../../lib/game-selection.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { myAssignmentsQueryOptions } from '../api/my-assignments.js';

function dueText(iso: string, lang: 'tr' | 'en'): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(iso));
}

function AssignmentTile({ assignment }: { assignment: PupilAssignment }) {
  const { t, i18n } = useTranslation(['home', 'common']);
  const lang = toLang(i18n.resolvedLanguage);
  const topicKey = GAME_TYPE_KEYS[assignment.gameType];
  const topic = t(`common:topics.${topicKey}`);
  const difficulty = t(`common:difficulties.${DIFFICULTY_KEYS[assignment.difficulty]}`);
  const overdue = !assignment.done && Date.parse(assignment.dueAt) < Date.now();
  const details = t('home:assignments.details', { difficulty, count: assignment.questionsCount });
  const due = overdue
    ? t('home:assignments.overdue')
    : t('home:assignments.due', { date: dueText(assignment.dueAt, lang) });
  const body = (
    <>
      <TopicIcon topic={topicKey} className="size-16 shrink-0 text-4xl" />
      <span className="flex flex-col">
        <span className="text-2xl font-black text-slate-900">{topic}</span>
        <span className="text-lg font-semibold text-slate-800">{details}</span>
        <span className={`text-base ${overdue ? 'font-bold text-red-800' : 'text-slate-700'}`}>
          {assignment.done
            ? t('home:assignments.doneScore', {
                correct: assignment.correctAnswers,
                total: assignment.questionsCount,
              })
            : due}
        </span>
      </span>
    </>
  );
  if (assignment.done)
    return (
      <li
        className="flex items-center gap-4 rounded-3xl bg-emerald-50 p-4"
        data-testid="my-assignment"
        data-done="true"
      >
        {body}
        <span className="ml-auto text-lg font-extrabold text-emerald-800">
          <span aria-hidden="true">✓ </span>
          {t('home:assignments.done')}
        </span>
      </li>
    );
  return (
    <li data-testid="my-assignment" data-done="false">
      {/* One tap: the stored choices are this assignment's, and the game begins at once. */}
      <Link
        to="/gameplay"
        search={{ type: categoryKeyFromGameType(assignment.gameType), start: '1' }}
        onClick={() =>
          writeSelection({
            gameType: assignment.gameType,
            difficulty: assignment.difficulty,
            questions: assignment.questionsCount as QuestionCount,
          })
        }
        aria-label={t('home:assignments.start', { topic, details, due })}
        className="flex min-h-12 items-center gap-4 rounded-3xl border-2 border-brand-600 bg-white p-4 shadow-sm transition-transform hover:scale-[1.02] focus-visible:outline-4 focus-visible:outline-brand-700"
        data-testid="start-assignment"
      >
        {body}
        <span aria-hidden="true" className="ml-auto text-3xl font-black text-brand-700">
          ▶
        </span>
      </Link>
    </li>
  );
}

/** A pupil's assignments from their teacher, first on the home screen: each starts with one tap. */
export default function PupilAssignments() {
  const { t } = useTranslation('home');
  const message = useMessage();
  const query = useQuery(myAssignmentsQueryOptions);
  return (
    <section
      aria-labelledby="assignments-title"
      className="mx-auto max-w-7xl px-4 pt-8 sm:px-6"
      data-testid="my-assignments"
    >
      <h2 id="assignments-title" className="text-3xl font-black text-slate-900">
        {t('assignments.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="mt-4 h-28" />
      ) : query.isError ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-3xl bg-red-50 p-5 text-red-900"
        >
          <p className="text-lg font-bold">{serverMessage(query.error, message('generic_error'))}</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            {t('assignments.retry')}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 rounded-3xl bg-white p-5 text-lg text-slate-700" data-testid="no-my-assignments">
          {t('assignments.empty')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {query.data.items.map((assignment) => (
            <AssignmentTile key={assignment.id} assignment={assignment} />
          ))}
        </ul>
      )}
    </section>
  );
}
