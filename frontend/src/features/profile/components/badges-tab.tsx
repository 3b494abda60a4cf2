import type { UserBadgeItem } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InlineError, QueryStates, SkeletonList } from '../../../components/query-states.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { BadgeMini } from './badge-mini.js';
import { EmptyGames } from './statistics-tab.js';

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
      <QueryStates
        failed={failed}
        error={<InlineError>{message('badges_load_failed_inline')}</InlineError>}
        pending={!badges}
        loading={<SkeletonList count={2} itemClassName="h-18" className="grid gap-3 sm:grid-cols-2" />}
        isEmpty={started.length === 0}
        empty={<EmptyGames text={t('badgesTab.empty')} testId="profile-badges-empty" />}
      >
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
      </QueryStates>
    </Card>
  );
}
