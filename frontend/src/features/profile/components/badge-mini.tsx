import { badgeIcon, findBadge, type UserBadgeItem } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../lib/i18n/i18n.js';

const GLYPHS: Record<string, string> = {
  addition: '+',
  subtraction: '−',
  multiplication: '×',
  division: '÷',
  fractions: '½',
  speed: '⚡',
  expert: '✦',
  master: '★',
  champion: '♛',
  medal: '●',
};

/** Icon by the Turkish keyword rule (the catalogue's Turkish text), else a generic medal. */
export function iconOf(item: UserBadgeItem): string {
  const known = findBadge(item.id);
  return badgeIcon(
    known ? `${known.name.tr} ${known.description.tr}` : `${item.badge.name} ${item.badge.description}`,
  );
}

export function useBadgeName() {
  const { i18n } = useTranslation();
  const lang = toLang(i18n.resolvedLanguage);
  return (item: UserBadgeItem) => findBadge(item.id)?.name[lang] ?? item.badge.name;
}

/** A compact badge row: icon, name, progress / required. */
export function BadgeMini({ item }: { item: UserBadgeItem }) {
  const name = useBadgeName()(item);
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm" data-testid="profile-badge">
      <span
        aria-hidden="true"
        className={
          item.completed
            ? 'flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-400 text-2xl font-black text-white'
            : 'flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-200 text-2xl font-black text-slate-700'
        }
      >
        {GLYPHS[iconOf(item)] ?? '●'}
      </span>
      <div className="min-w-0">
        <p className="font-extrabold leading-tight break-words">{name}</p>
        <p className="text-sm font-bold text-slate-700 tabular-nums">
          {Math.min(item.progress, item.badge.requiredCount)}/{item.badge.requiredCount}
        </p>
      </div>
    </div>
  );
}
