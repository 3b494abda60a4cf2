import {
  DIFFICULTY_KEYS,
  formatHistoryDate,
  formatMinutesSeconds,
  GAME_TYPE_KEYS,
  type HistoryRecord,
  parseDifficulty,
} from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { InlineError, QueryStates, SkeletonList } from '../../../components/query-states.js';
import { TopicIcon } from '../../../components/topic-icon.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import { EmptyGames } from './statistics-tab.js';

/** The history skeleton has 5 rows. */
export const HISTORY_SKELETON_ROWS = 5;

/** Localised difficulty label; an unknown stored value is shown as is. */
export function useDifficultyLabel() {
  const { t } = useTranslation('common');
  return (stored: string) => {
    const difficulty = parseDifficulty(stored);
    return difficulty ? t(`difficulties.${DIFFICULTY_KEYS[difficulty]}`) : stored;
  };
}

export function HistoryRow({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation(['profile', 'common']);
  const difficultyLabel = useDifficultyLabel();
  const timeZone = useTimeZone();
  const topic = GAME_TYPE_KEYS[record.gameType];
  // Two wrapping lines so the row fits the narrow left column as well as the wide tab.
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm" data-testid="history-row">
      <TopicIcon topic={topic} className="size-11 text-xl" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-extrabold">{t(`common:topics.${topic}`)}</span>
          <span className="font-black tabular-nums" data-testid="history-score">
            {t('history.correct', { correct: record.correctAnswers, total: record.questionsCount })}
          </span>
        </p>
        <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="flex flex-wrap items-center gap-x-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-bold text-slate-800">
              {difficultyLabel(record.difficulty)}
            </span>
            <time dateTime={record.createdAt}>{formatHistoryDate(record.createdAt, timeZone)}</time>
            <span>
              <span className="sr-only">{t('history.duration')}: </span>
              {formatMinutesSeconds(record.totalTime)}
            </span>
          </span>
          <span className="font-bold text-amber-800 tabular-nums">
            {t('history.points', { count: record.points })}
          </span>
        </p>
      </div>
    </div>
  );
}

export function HistoryTab({
  records,
  total,
  isPending,
  failed,
  hasMore,
  loadingMore,
  onMore,
}: {
  records: HistoryRecord[];
  total: number | undefined;
  isPending: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('profile');
  const message = useMessage();
  return (
    <Card>
      <div className="mb-4 flex items-center gap-3">
        <CardTitle>{t('history.heading')}</CardTitle>
        {total !== undefined && (
          <span
            className="rounded-full bg-brand-100 px-3 py-1 text-base font-black text-brand-800"
            data-testid="history-total"
          >
            {t('history.total', { count: total })}
          </span>
        )}
      </div>
      <QueryStates
        failed={failed}
        error={<InlineError>{message('generic_error')}</InlineError>}
        pending={isPending}
        loading={
          <SkeletonList count={HISTORY_SKELETON_ROWS} itemClassName="h-18" testId="history-skeleton" />
        }
        isEmpty={records.length === 0}
        empty={<EmptyGames text={t('history.empty')} />}
      >
        <ul className="flex flex-col gap-3" data-testid="history-list">
          {records.map((record) => (
            <li key={record.id}>
              <HistoryRow record={record} />
            </li>
          ))}
        </ul>
        {hasMore && (
          <Button variant="outline" className="mt-4" onClick={onMore} disabled={loadingMore}>
            {t('history.more')}
          </Button>
        )}
      </QueryStates>
    </Card>
  );
}
