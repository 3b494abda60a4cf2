import {
  DIFFICULTY_KEYS,
  formatRelativeTime,
  GAME_TYPE_KEYS,
  mistakeMessageKey,
  type PupilProgressDetail,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LabelledValue, type LabelledValueLook } from '../../../components/labelled-value.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import { pupilProgressQueryOptions } from '../api/class-dashboard.js';
import { AccuracyBadge } from './accuracy-band.js';
import { ClassTable } from './class-table.js';
import { LoadError } from './load-error.js';
import { PupilFactMatrix } from './pupil-fact-matrix.js';
import { SubSection } from './sub-section.js';

/** A figure of the pupil's summary, in a small grey box. */
const STAT_LOOK: LabelledValueLook = {
  item: 'rounded-2xl bg-slate-50 p-3',
  label: 'text-sm font-bold text-slate-700',
  value: 'text-xl font-black text-slate-900',
};

function Detail({ detail }: { detail: PupilProgressDetail }) {
  const { t, i18n } = useTranslation(['teacher', 'common']);
  const message = useMessage();
  const lang = toLang(i18n.resolvedLanguage);
  const timeZone = useTimeZone();
  const when = new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const played = detail.topics.filter((topic) => topic.questions > 0);
  return (
    <div className="flex flex-col gap-5" data-testid="pupil-detail">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <LabelledValue look={STAT_LOOK} label={t('detail.questions')} testId="detail-questions">
          {detail.questions}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('detail.accuracy')}>
          {detail.accuracy === null ? '—' : <AccuracyBadge accuracy={detail.accuracy} />}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('detail.points')}>
          {detail.points}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('detail.level')}>
          {detail.level}
        </LabelledValue>
        <LabelledValue look={STAT_LOOK} label={t('detail.lastPlayed')}>
          <span className="text-base font-bold">
            {detail.lastPlayedAt
              ? formatRelativeTime(detail.lastPlayedAt, Date.now(), lang)
              : t('progress.never')}
          </span>
        </LabelledValue>
      </dl>

      {played.length > 0 && <TopicsSection played={played} />}

      {detail.mistakes.length > 0 && (
        <SubSection id="detail-mistakes" title={t('detail.mistakes')}>
          <ol className="mt-2 flex flex-col gap-2">
            {detail.mistakes.map((mistake) => (
              <li key={mistake.kind} className="rounded-2xl bg-slate-50 p-3">
                <span className="block font-semibold">{message(mistakeMessageKey(mistake.kind))}</span>
                <span className="text-sm text-slate-700">
                  {t('dashboard.mistakeTimes', { count: mistake.count })}
                </span>
              </li>
            ))}
          </ol>
        </SubSection>
      )}

      <HistorySection history={detail.history} when={when} />
    </div>
  );
}

/** Per topic played: how many answers, and how many were right. */
function TopicsSection({ played }: { played: PupilProgressDetail['topics'] }) {
  const { t } = useTranslation(['teacher', 'common']);
  return (
    <SubSection id="detail-topics" title={t('detail.topics')}>
      <table className="mt-2 w-full text-left text-base">
        <thead>
          <tr className="border-b-2 border-slate-200">
            <th scope="col" className="py-2 pr-3">
              {t('detail.topic')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('detail.answers')}
            </th>
            <th scope="col" className="py-2">
              {t('detail.accuracy')}
            </th>
          </tr>
        </thead>
        <tbody>
          {played.map((topic) => (
            <tr key={topic.gameType} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-bold">
                {t(`common:topics.${GAME_TYPE_KEYS[topic.gameType]}`)}
              </th>
              <td className="py-2 pr-3">{topic.questions}</td>
              <td className="py-2">
                {topic.accuracy !== null && (
                  <AccuracyBadge
                    accuracy={topic.accuracy}
                    detail={t('dashboard.cell', { correct: topic.correct, questions: topic.questions })}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SubSection>
  );
}

function HistorySection({
  history,
  when,
}: {
  history: PupilProgressDetail['history'];
  when: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation(['teacher', 'common']);
  return (
    <SubSection id="detail-history" title={t('detail.history')}>
      {history.length === 0 ? (
        <p className="mt-2 text-base text-slate-700" data-testid="detail-no-games">
          {t('detail.noGames')}
        </p>
      ) : (
        <ClassTable
          className="mt-2"
          caption={t('detail.historyCaption')}
          testId="detail-history"
          headings={[
            t('detail.when'),
            t('detail.topic'),
            t('detail.difficulty'),
            t('detail.score'),
            t('detail.points'),
          ]}
        >
          {history.map((game) => (
            <tr key={game.resultId} className="border-b border-slate-100" data-testid="history-row">
              <td className="py-2 pr-3">
                <time dateTime={game.playedAt}>{when.format(new Date(game.playedAt))}</time>
              </td>
              <th scope="row" className="py-2 pr-3 font-bold">
                {t(`common:topics.${GAME_TYPE_KEYS[game.gameType]}`)}
              </th>
              <td className="py-2 pr-3">{t(`common:difficulties.${DIFFICULTY_KEYS[game.difficulty]}`)}</td>
              <td className="py-2 pr-3">
                {t('detail.scoreValue', {
                  correct: game.correctAnswers,
                  questions: game.questionsCount,
                })}
              </td>
              <td className="py-2">{game.points}</td>
            </tr>
          ))}
        </ClassTable>
      )}
    </SubSection>
  );
}

/** A pupil's history, topics and mistakes in a dialog: focus moves in, Escape closes, focus returns to the name. */
export function PupilDetailDialog({
  classId,
  pupil,
  onClose,
}: {
  classId: number;
  pupil: { id: number; name: string; opener?: HTMLElement };
  onClose: () => void;
}) {
  const { t } = useTranslation(['teacher', 'common']);
  const query = useQuery(pupilProgressQueryOptions(classId, pupil.id));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={pupil.name}
      description={t('detail.description', { name: pupil.name })}
      closeLabel={t('common:actions.close')}
      className="max-w-3xl"
      returnFocus={pupil.opener}
    >
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Detail detail={query.data} />
      )}
      <PupilFactMatrix classId={classId} pupilId={pupil.id} />
      <Link
        to="/teacher/classes/$classId/pupils/$pupilId/report"
        params={{ classId: String(classId), pupilId: String(pupil.id) }}
        className={buttonClasses('outline', 'md', 'mt-4 self-start')}
        data-testid="open-family-report"
      >
        {t('report.open')}
      </Link>
    </Dialog>
  );
}
