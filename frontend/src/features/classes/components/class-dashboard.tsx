import {
  ACCURACY_BANDS,
  type ClassDashboard,
  GAME_TYPE_KEYS,
  GAME_TYPES,
  type GameType,
  mistakeMessageKey,
} from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { classDashboardQueryOptions } from '../api/class-dashboard.js';
import { AccuracyBadge, BAND_STYLES, BandShape } from './accuracy-band.js';
import { KeyPills } from './key-pills.js';
import { LoadError } from './load-error.js';
import { PupilDetailDialog } from './pupil-detail-dialog.js';
import { SubSection } from './sub-section.js';

/** The pupil whose detail is open, and the name button that opened it (focus goes back there). */
type Pupil = { id: number; name: string; opener?: HTMLElement };

function useTopicName() {
  const { t } = useTranslation('common');
  return (gameType: GameType) => t(`topics.${GAME_TYPE_KEYS[gameType]}`);
}

function Legend() {
  const { t } = useTranslation('teacher');
  return (
    <div className="mt-3">
      <h3 className="sr-only">{t('dashboard.legend')}</h3>
      <KeyPills
        testId="band-legend"
        pills={ACCURACY_BANDS.map((band) => ({
          key: band,
          className: BAND_STYLES[band],
          shape: <BandShape band={band} />,
          label: t(`dashboard.bands.${band}`),
        }))}
      />
    </div>
  );
}

/** Pupils × topics: each cell the % right as text, a band shape and colour; the pupil's name opens their detail. */
function TopicGrid({ data, onOpen }: { data: ClassDashboard; onOpen: (pupil: Pupil) => void }) {
  const { t } = useTranslation('teacher');
  const topicName = useTopicName();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-base" data-testid="topic-grid">
        <caption className="sr-only">{t('dashboard.caption')}</caption>
        <thead>
          <tr className="border-b-2 border-slate-200">
            <th scope="col" className="py-2 pr-3">
              {t('dashboard.pupil')}
            </th>
            {GAME_TYPES.map((gameType) => (
              <th key={gameType} scope="col" className="px-2 py-2">
                {topicName(gameType)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.pupils.map((pupil) => (
            <tr key={pupil.pupilId} className="border-b border-slate-100" data-testid="grid-row">
              <th scope="row" className="py-1 pr-3">
                <button
                  type="button"
                  className="min-h-12 rounded-xl px-2 text-left font-bold whitespace-nowrap text-brand-700 underline decoration-2 underline-offset-4 hover:bg-brand-50"
                  onClick={(event) =>
                    onOpen({ id: pupil.pupilId, name: pupil.name, opener: event.currentTarget })
                  }
                  aria-haspopup="dialog"
                  data-testid="open-pupil-detail"
                >
                  {pupil.name}
                  <span className="sr-only"> ({t('dashboard.open', { name: pupil.name })})</span>
                </button>
              </th>
              {pupil.topics.map((topic) => (
                <td key={topic.gameType} className="px-2 py-1" data-topic={GAME_TYPE_KEYS[topic.gameType]}>
                  {topic.accuracy === null ? (
                    <span className="text-slate-600">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('dashboard.notPlayed')}</span>
                    </span>
                  ) : (
                    <AccuracyBadge
                      accuracy={topic.accuracy}
                      detail={t('dashboard.cell', { correct: topic.correct, questions: topic.questions })}
                      testId="grid-cell"
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The topics with the most wrong answers and the slips the class makes most, in the pupils' own explanations. */
function MostMissed({ data }: { data: ClassDashboard }) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const topicName = useTopicName();
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <SubSection id="most-missed-topics" title={t('dashboard.missedTopics')} testId="most-missed-topics">
        {data.mostMissedTopics.length === 0 ? (
          <p className="mt-2 text-base text-slate-700">{t('dashboard.missedTopicsEmpty')}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {data.mostMissedTopics.map((topic) => (
              <li
                key={topic.gameType}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-slate-50 p-3"
              >
                <span>
                  <span className="block font-bold">{topicName(topic.gameType)}</span>
                  <span className="text-sm text-slate-700">
                    {t('dashboard.missedTopic', { wrong: topic.wrong, questions: topic.questions })}
                  </span>
                </span>
                <AccuracyBadge accuracy={topic.accuracy} />
              </li>
            ))}
          </ol>
        )}
      </SubSection>
      <SubSection id="most-frequent-mistakes" title={t('dashboard.mistakes')} testId="most-frequent-mistakes">
        {data.mostFrequentMistakes.length === 0 ? (
          <p className="mt-2 text-base text-slate-700">{t('dashboard.mistakesEmpty')}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {data.mostFrequentMistakes.map((mistake) => (
              <li key={mistake.kind} className="rounded-2xl bg-slate-50 p-3" data-mistake={mistake.kind}>
                <span className="block font-semibold text-slate-900">
                  {message(mistakeMessageKey(mistake.kind))}
                </span>
                <span className="text-sm text-slate-700">
                  {t('dashboard.mistakeTimes', { count: mistake.count })} ·{' '}
                  {t('dashboard.mistakePupils', { count: mistake.pupils })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </SubSection>
    </div>
  );
}

/** The class grid and what the class gets wrong most, refreshed every few seconds while it is open. */
export function ClassDashboardPanel({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const query = useQuery(classDashboardQueryOptions(classId));
  const [open, setOpen] = useState<Pupil | null>(null);
  const played = query.data?.pupils.some((p) => p.topics.some((topic) => topic.questions > 0)) ?? false;
  return (
    <Card data-testid="class-dashboard">
      <h2 className="text-xl font-extrabold text-slate-900">{t('dashboard.title')}</h2>
      <p className="mt-1 text-base text-slate-700">{t('dashboard.intro')}</p>
      {query.isPending ? (
        <Skeleton className="mt-4 h-64" />
      ) : query.isError ? (
        <div className="mt-4">
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        </div>
      ) : query.data.pupils.length === 0 ? (
        <p className="mt-4 text-lg text-slate-700">{t('pupils.empty')}</p>
      ) : (
        <>
          {!played && (
            <p className="mt-4 rounded-2xl bg-sky-50 p-4 text-lg text-sky-950" data-testid="dashboard-empty">
              {t('dashboard.empty')}
            </p>
          )}
          {played && <MostMissed data={query.data} />}
          <Legend />
          <TopicGrid data={query.data} onOpen={setOpen} />
        </>
      )}
      {open && <PupilDetailDialog classId={classId} pupil={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
