import { type CurrentUser, formatRelativeTime, type UserBadgeItem } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { LabelledValue, type LabelledValueLook } from '../../../components/labelled-value.js';
import { InlineError, QueryStates } from '../../../components/query-states.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { displayNameOf } from '../../../lib/auth.js';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { useTimeZone } from '../../../lib/time-zone.js';
import { BadgeMini } from './badge-mini.js';
import { DeleteAccountSection } from './delete-account.js';
import { type EditState, ProfileForm } from './profile-form.js';

/** The account tab shows up to 8 earned badges. */
export const EARNED_BADGES_SHOWN = 8;

/** A row of the account details: the label beside its value from `sm` up. */
const ROW_LOOK: LabelledValueLook = {
  item: 'flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:gap-4',
  label: 'text-base font-bold text-slate-700 sm:w-48',
  value: 'text-lg font-semibold break-words text-slate-900',
};

export function AccountTab({
  user,
  totalGames,
  badges,
  badgesFailed,
  editState,
  onEditState,
}: {
  user: CurrentUser;
  totalGames: number | undefined;
  badges: UserBadgeItem[] | undefined;
  badgesFailed: boolean;
  editState: EditState;
  onEditState: (state: EditState) => void;
}) {
  const { t } = useTranslation('profile');
  const message = useMessage();
  const timeZone = useTimeZone();
  const earned = (badges ?? []).filter((item) => item.completed).slice(0, EARNED_BADGES_SHOWN);
  const editing = editState === 'edit' || editState === 'saving';

  return (
    <div className="flex flex-col gap-5">
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('account.heading')}</CardTitle>
          {!editing && (
            <Button variant="outline" onClick={() => onEditState('edit')} data-testid="profile-edit">
              <span aria-hidden="true">✎</span>
              {t('account.edit')}
            </Button>
          )}
        </div>
        {editState === 'saved' && (
          <p
            role="status"
            className="mb-3 rounded-2xl bg-emerald-50 p-3 font-bold text-emerald-900"
            data-testid="profile-saved"
          >
            <span aria-hidden="true">✓ </span>
            {t('account.saved')}
          </p>
        )}
        {editing ? (
          <ProfileForm user={user} state={editState} onStateChange={onEditState} />
        ) : (
          <AccountDetails user={user} totalGames={totalGames} timeZone={timeZone} />
        )}
      </Card>
      <Card>
        <CardTitle className="mb-3">{t('account.earnedBadges')}</CardTitle>
        <QueryStates
          failed={badgesFailed}
          error={<InlineError>{message('badges_load_failed_inline')}</InlineError>}
          isEmpty={earned.length === 0}
          empty={<p className="text-slate-700">{t('badgesTab.empty')}</p>}
        >
          <ul className="grid gap-3 sm:grid-cols-2">
            {earned.map((item) => (
              <li key={item.id}>
                <BadgeMini item={item} />
              </li>
            ))}
          </ul>
        </QueryStates>
      </Card>
      <DeleteAccountSection user={user} />
    </div>
  );
}

/** The account as it stands: name, username, e-mail and its status (not for pupils), since when, games, about. */
function AccountDetails({
  user,
  totalGames,
  timeZone,
}: {
  user: CurrentUser;
  totalGames: number | undefined;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('profile');
  const lang = toLang(i18n.resolvedLanguage);
  const created = new Date(user.createdAt);
  const createdText = new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'long',
    timeZone,
  }).format(created);
  return (
    <dl>
      <LabelledValue look={ROW_LOOK} label={t('account.displayName')} testId="account-display-name">
        {displayNameOf(user)}
      </LabelledValue>
      <LabelledValue look={ROW_LOOK} label={t('account.username')}>
        {user.username}
      </LabelledValue>
      {/* A pupil has no e-mail address (they sign in with pictures): nothing to show or verify. */}
      {user.role !== 'pupil' && (
        <>
          <LabelledValue look={ROW_LOOK} label={t('account.email')} testId="account-email">
            {user.email ?? '—'}
          </LabelledValue>
          <LabelledValue look={ROW_LOOK} label={t('account.status')}>
            {user.isVerified ? (
              <span className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-900">
                <span aria-hidden="true">✓ </span>
                {t('account.verified')}
              </span>
            ) : (
              <span className="rounded-full bg-amber-100 px-3 py-1 text-amber-950">
                <span aria-hidden="true">! </span>
                {t('account.notVerified')}
              </span>
            )}
          </LabelledValue>
        </>
      )}
      <LabelledValue look={ROW_LOOK} label={t('account.memberSince')}>
        <time dateTime={user.createdAt} title={formatRelativeTime(created, new Date(), lang)}>
          {createdText}
        </time>
        <span className="ml-2 text-base text-slate-700">
          ({formatRelativeTime(created, new Date(), lang)})
        </span>
      </LabelledValue>
      <LabelledValue look={ROW_LOOK} label={t('account.totalGames')} testId="account-total-games">
        {totalGames ?? '—'}
      </LabelledValue>
      <LabelledValue look={ROW_LOOK} label={t('account.about')} testId="account-about">
        {user.about?.trim() ? (
          <span className="whitespace-pre-line">{user.about}</span>
        ) : (
          t('account.noAbout')
        )}
      </LabelledValue>
    </dl>
  );
}
