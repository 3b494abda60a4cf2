import { categoryKeyFromGameType, GAME_TYPE_KEYS, GAME_TYPES, type GameType } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../../components/page-section.js';
import { TOPIC_CLASSES, TopicIcon } from '../../../components/topic-icon.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { topicSettings, writeSelection } from '../../../lib/game-selection.js';
import { usePageHead } from '../../../lib/head.js';

const STEPS = ['1', '2', '3', '4', '5'] as const;

export function GamesScreen() {
  const { t } = useTranslation(['games', 'common']);
  usePageHead({ title: t('games:title'), description: t('games:subtitle') });

  // The choice goes to session storage (the topic's last level and count, else kolay and 10); the address
  // names the topic. A real link: on the pre-rendered page it already works before the script has arrived.
  const choose = (gameType: GameType) => writeSelection({ gameType, ...topicSettings(gameType) });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-black">{t('games:title')}</h1>
      <p className="mt-2 text-xl text-slate-700">{t('games:subtitle')}</p>

      <section
        aria-labelledby="review-title"
        className="mt-6 flex flex-col items-start gap-3 rounded-3xl bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="review-title" className="text-2xl font-black text-amber-950">
            {t('games:review.title')}
          </h2>
          <p className="text-lg text-amber-950">{t('games:review.text')}</p>
        </div>
        <Link to="/review" className={buttonClasses('primary', 'lg')} data-testid="open-review">
          {t('games:review.open')} <span aria-hidden="true">▶</span>
        </Link>
      </section>

      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {GAME_TYPES.map((gameType) => {
          const topic = GAME_TYPE_KEYS[gameType];
          const name = t(`common:topics.${topic}`);
          return (
            <li
              key={gameType}
              className={cn(
                'flex flex-col rounded-3xl border-t-8 bg-white p-6 shadow-sm',
                TOPIC_CLASSES[topic].border,
              )}
            >
              <div className="flex items-center gap-4">
                <TopicIcon topic={topic} />
                <h2 className="text-2xl font-black">{name}</h2>
              </div>
              <p className="mt-3 text-lg text-slate-700">{t(`games:topics.${topic}.description`)}</p>
              <dl className={cn('mt-4 space-y-2 rounded-2xl p-4 text-base', TOPIC_CLASSES[topic].soft)}>
                <div>
                  <dt className="font-bold">{t('games:details.howToPlay')}</dt>
                  <dd className="text-slate-800">{t(`games:topics.${topic}.howToPlay`)}</dd>
                </div>
                <div>
                  <dt className="font-bold">{t('games:details.gain')}</dt>
                  <dd className="text-slate-800">{t(`games:topics.${topic}.gain`)}</dd>
                </div>
                <div>
                  <dt className="font-bold">{t('games:details.example')}</dt>
                  <dd className="text-xl font-black">{t(`games:topics.${topic}.example`)}</dd>
                </div>
              </dl>
              <Link
                to="/gameplay"
                search={{ type: categoryKeyFromGameType(gameType) }}
                className={buttonClasses('tinted', 'lg', cn('mt-5 w-full text-xl', TOPIC_CLASSES[topic].bg))}
                onClick={() => choose(gameType)}
                aria-label={t('games:playTopic', { topic: name })}
                data-testid={`play-${topic}`}
              >
                {t('games:play')} <span aria-hidden="true">▶</span>
              </Link>
            </li>
          );
        })}
      </ul>

      <PageSection id="steps-title" title={t('games:steps.title')} className="mt-14">
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {STEPS.map((step) => (
            <li key={step} className="rounded-3xl bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-brand-600 text-2xl font-black text-white"
              >
                {step}
              </span>
              <h3 className="mt-3 text-xl font-extrabold">{t(`games:steps.${step}.title`)}</h3>
              <p className="mt-1 text-lg text-slate-700">{t(`games:steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  );
}
