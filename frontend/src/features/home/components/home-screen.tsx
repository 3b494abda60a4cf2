import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartIcon, GamepadIcon, MedalIcon, StarIcon } from '../../../components/icons.js';
import { PageSection } from '../../../components/page-section.js';
import { TopicIcon } from '../../../components/topic-icon.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useCurrentUser } from '../../../lib/auth.js';
import { usePageHead } from '../../../lib/head.js';
import { storeChoice } from '../../../lib/selection-keys.js';

// Difficulty keys and age hints live in the common namespace (contracts' DIFFICULTY_KEYS order); listed here so
// the home page, the first download, does not need the contracts package.
const LEVELS = ['very-easy', 'easy', 'medium', 'hard', 'very-hard'] as const;
/** The stored difficulty names (contracts' DIFFICULTIES) in LEVELS order. */
const LEVEL_DIFFICULTY = ['çok kolay', 'kolay', 'orta', 'zor', 'çok zor'] as const;
const TOPICS = ['addition', 'subtraction', 'multiplication', 'division', 'fractions'] as const;
/** The `?type=` of each topic (contracts' category keys). */
const TOPIC_TYPE = {
  addition: 'toplama',
  subtraction: 'cikarma',
  multiplication: 'carpma',
  division: 'bolme',
  fractions: 'kesirler',
} as const;
const LEVEL_COLOURS = ['bg-emerald-100', 'bg-sky-100', 'bg-amber-100', 'bg-orange-100', 'bg-rose-100'];

// Only a signed-in pupil has assignments: their list (and the contracts it needs) loads only for them.
const PupilAssignments = lazy(() => import('./pupil-assignments.js'));

const FEATURES = [
  { key: 'games', Icon: GamepadIcon, tone: 'bg-blue-100 text-blue-800' },
  { key: 'badges', Icon: MedalIcon, tone: 'bg-amber-100 text-amber-800' },
  { key: 'progress', Icon: ChartIcon, tone: 'bg-emerald-100 text-emerald-800' },
] as const;

export function HomeScreen() {
  const { t } = useTranslation(['home', 'common']);
  const { user } = useCurrentUser();
  usePageHead({});

  return (
    <>
      {user?.role === 'pupil' && (
        <Suspense fallback={<Skeleton className="mx-auto mt-8 h-40 max-w-7xl" />}>
          <PupilAssignments />
        </Suspense>
      )}
      <section className="bg-gradient-to-b from-brand-50 to-sky-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-4xl leading-tight font-black text-slate-900 sm:text-5xl lg:text-6xl">
              {t('home:hero.title')}
            </h1>
            <p className="mt-5 text-xl leading-relaxed text-slate-700">{t('home:hero.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/games" className={buttonClasses('primary', 'lg', 'text-xl')} data-testid="hero-play">
                {t('home:hero.play')} <span aria-hidden="true">▶</span>
              </Link>
              {user && (
                <Link
                  to="/statistics"
                  className={buttonClasses('outline', 'lg', 'text-xl')}
                  data-testid="hero-statistics"
                >
                  {t('home:hero.statistics')}
                </Link>
              )}
            </div>
          </div>
          {/* Each topic tile starts that topic (it looked like a button, so it is one). */}
          <ul className="mx-auto grid w-fit grid-cols-3 gap-4 sm:gap-6">
            {TOPICS.map((topic, i) => (
              <li key={topic} className={i === 3 ? 'col-start-1' : ''}>
                <Link
                  to="/gameplay"
                  search={{ type: TOPIC_TYPE[topic] }}
                  aria-label={t('home:playTopic', { topic: t(`common:topics.${topic}`) })}
                  data-testid={`home-topic-${topic}`}
                  className="block rounded-2xl transition-transform hover:scale-105 focus-visible:outline-4 focus-visible:outline-brand-700"
                >
                  <TopicIcon topic={topic} className="size-20 text-5xl sm:size-24" />
                </Link>
              </li>
            ))}
            <li
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-2xl bg-amber-300 text-amber-900 sm:size-24"
            >
              <StarIcon className="size-12" />
            </li>
          </ul>
        </div>
      </section>

      <PageSection
        id="features-title"
        title={t('home:features.title')}
        className="mx-auto max-w-7xl px-4 py-14 sm:px-6"
      >
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.key} className="rounded-3xl bg-white p-6 shadow-sm">
              <span className={`flex size-16 items-center justify-center rounded-2xl ${feature.tone}`}>
                <feature.Icon className="size-9" />
              </span>
              <h3 className="mt-3 text-2xl font-extrabold">{t(`home:features.${feature.key}.title`)}</h3>
              <p className="mt-2 text-lg text-slate-700">{t(`home:features.${feature.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="levels-title"
        title={t('home:levels.title')}
        className="mx-auto max-w-7xl px-4 pb-6 sm:px-6"
      >
        <p className="mt-2 text-lg text-slate-700">{t('home:levels.subtitle')}</p>
        <ol className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {LEVELS.map((level, i) => (
            <li key={level}>
              {/* A level card starts a game at that level (in the topic last chosen, else addition). */}
              <Link
                to="/gameplay"
                search={{}}
                onClick={() => storeChoice('difficulty', LEVEL_DIFFICULTY[i]!)}
                data-testid={`home-level-${level}`}
                className={`block rounded-3xl p-5 text-center transition-transform hover:scale-105 focus-visible:outline-4 focus-visible:outline-brand-700 ${LEVEL_COLOURS[i]}`}
              >
                <span aria-hidden="true" className="flex justify-center gap-0.5 text-amber-600">
                  {LEVELS.slice(0, i + 1).map((star) => (
                    <StarIcon key={star} className="size-5" />
                  ))}
                </span>
                <span className="mt-2 block text-xl font-extrabold text-slate-900">
                  {t(`common:difficulties.${level}`)}
                </span>
                <span className="block text-base font-semibold text-slate-700">
                  {t(`common:ages.${level}`)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </PageSection>
    </>
  );
}
