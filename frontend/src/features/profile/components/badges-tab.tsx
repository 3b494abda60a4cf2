import type { UserBadgeItem } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { useMessage } from '../../../lib/message-catalogue.js';
import { BadgeMini } from './badge-mini.js';

/** Earned first, then those with progress; badges not yet started are left to the badges screen. */
export function BadgesTab({ badges, failed }: { badges: UserBadgeItem[] | undefined; failed: boolean }) {
  const { t } = useTranslation('profile');
  const message = useMessage();
  const started = (badges ?? [])
    .filter((item) => item.completed || item.progress > 0)
    .sort(
      (a, b) =>
        Number(b.completed) - Number(a.completed) ||
        b.progress / b.badge.requiredCount - a.progress / a.badge.requiredCount,
    );
  return (
    <Card>
      <CardTitle className="mb-4">{t('badgesTab.heading')}</CardTitle>
      {failed ? (
        <p role="alert" className="font-bold text-red-800">
          {message('badges_load_failed_inline')}
        </p>
      ) : !badges ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-18" />
          <Skeleton className="h-18" />
        </div>
      ) : started.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="profile-badges-empty">
          <span aria-hidden="true" className="text-5xl text-amber-500">
            ★
          </span>
          <p className="text-lg font-bold">{t('badgesTab.empty')}</p>
          <Link to="/games" className={buttonClasses('primary')}>
            {t('playGames')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="profile-badges">
            {started.map((item) => (
              <li key={item.id}>
                <BadgeMini item={item} />
              </li>
            ))}
          </ul>
          <Link to="/badges" className={buttonClasses('outline', 'md', 'mt-5')}>
            {t('badgesTab.viewAll')}
          </Link>
        </>
      )}
    </Card>
  );
}
