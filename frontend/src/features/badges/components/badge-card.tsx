import {
  badgeProgressPercent,
  DIFFICULTY_KEYS,
  findBadge,
  GAME_TYPE_KEYS,
  type UserBadgeItem,
} from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { TOPIC_CLASSES } from '../../../components/topic-icon.js';
import { ProgressBar } from '../../../components/ui/progress-bar.js';
import { cn } from '../../../lib/cn.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { BadgeMedal, iconForBadge } from './badge-icon.js';

/** Name and description in the chosen language (the catalogue has both); the server's text otherwise. */
export function useBadgeText() {
  const { i18n } = useTranslation();
  const lang = toLang(i18n.resolvedLanguage);
  return (item: UserBadgeItem) => {
    const known = findBadge(item.badge.id);
    return {
      name: known?.name[lang] ?? item.badge.name,
      description: known?.description[lang] ?? item.badge.description,
    };
  };
}

export function BadgeCard({ item }: { item: UserBadgeItem }) {
  const { t } = useTranslation(['badges', 'common']);
  const percentText = usePercent();
  const text = useBadgeText()(item);
  const { badge } = item;
  const percent = item.completed ? 100 : badgeProgressPercent(item.progress, badge.requiredCount);
  const topic = GAME_TYPE_KEYS[badge.category];
  return (
    <article
      className={cn(
        'relative flex h-full flex-col gap-3 overflow-hidden rounded-3xl border-2 bg-white p-5 shadow-sm',
        item.completed ? 'border-amber-400' : 'border-slate-200',
      )}
      data-testid="badge-card"
      data-badge-id={badge.id}
    >
      {badge.special && (
        <span
          className="absolute top-4 -right-9 rotate-45 bg-gradient-to-r from-amber-400 to-rose-500 px-10 py-1 text-xs font-black tracking-wide text-white uppercase shadow"
          data-testid="badge-special"
        >
          {t('badges:card.special')}
        </span>
      )}
      <div className="flex items-start gap-4">
        <BadgeMedal icon={iconForBadge(badge)} earned={item.completed} />
        <div className="min-w-0 flex-1 pr-6">
          <h3 className="text-lg leading-tight font-extrabold break-words text-slate-900">{text.name}</h3>
          <p className="mt-1 text-base text-slate-700">{text.description}</p>
        </div>
      </div>
      <div className="mt-auto">
        <div className="mb-1 flex items-baseline justify-between gap-2 text-base font-bold">
          <span className="tabular-nums" data-testid="badge-progress">
            {t('badges:card.progress', {
              progress: Math.min(item.progress, badge.requiredCount),
              required: badge.requiredCount,
            })}
          </span>
          <span className="tabular-nums" data-testid="badge-percent">
            {percentText(percent)}
          </span>
        </div>
        <ProgressBar
          value={percent}
          label={t('badges:card.progressLabel', { name: text.name, percent: percentText(percent) })}
          className="h-3"
          barClassName={TOPIC_CLASSES[topic].bg}
        />
        <div className="mt-3 flex flex-wrap gap-2 text-sm font-bold">
          <span className={cn('rounded-full px-3 py-1 text-white', TOPIC_CLASSES[topic].bg)}>
            {t(`common:topics.${topic}`)}
          </span>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
            {t(`common:difficulties.${DIFFICULTY_KEYS[badge.difficulty]}`)}
          </span>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
            {t('badges:card.required', { count: badge.requiredCount })}
          </span>
          {item.completed && (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-amber-950">
              <span aria-hidden="true">✓ </span>
              {t('badges:card.completed')}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
