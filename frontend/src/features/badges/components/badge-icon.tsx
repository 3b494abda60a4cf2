import { type BadgeIcon as BadgeIconName, badgeIcon, findBadge } from '@mathgames/contracts';
import { cn } from '../../../lib/cn.js';

const GLYPHS: Record<BadgeIconName, { glyph: string; fill: string }> = {
  addition: { glyph: '+', fill: '#1d4ed8' },
  subtraction: { glyph: '−', fill: '#be123c' },
  multiplication: { glyph: '×', fill: '#6d28d9' },
  division: { glyph: '÷', fill: '#047857' },
  fractions: { glyph: '½', fill: '#c2410c' },
  speed: { glyph: '⚡', fill: '#0e7490' },
  expert: { glyph: '✦', fill: '#4338ca' },
  master: { glyph: '★', fill: '#a16207' },
  champion: { glyph: '♛', fill: '#b45309' },
  medal: { glyph: '●', fill: '#475569' },
};

/**
 * The icon follows Turkish keywords in the badge's name or description. The Turkish catalogue text is
 * used whatever the interface language, so an English name still finds its keyword.
 */
export function iconForBadge(badge: { id: string; name: string; description: string }): BadgeIconName {
  const known = findBadge(badge.id);
  return badgeIcon(known ? `${known.name.tr} ${known.description.tr}` : `${badge.name} ${badge.description}`);
}

/** A medal drawn inline: ribbon tails, a coloured disc and the icon's sign; grey until earned. */
export function BadgeMedal({
  icon,
  earned,
  className,
}: {
  icon: BadgeIconName;
  earned: boolean;
  className?: string;
}) {
  const { glyph, fill } = GLYPHS[icon];
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={cn('size-16 shrink-0', className)}
    >
      <path d="M20 4h10l-6 22h-10z" fill={earned ? '#f59e0b' : '#cbd5e1'} />
      <path d="M44 4h-10l6 22h10z" fill={earned ? '#ef4444' : '#94a3b8'} />
      <circle
        cx="32"
        cy="38"
        r="22"
        fill={earned ? fill : '#e2e8f0'}
        stroke={earned ? '#fde047' : '#94a3b8'}
        strokeWidth="4"
      />
      <text
        x="32"
        y="39"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="24"
        fontWeight="900"
        fill={earned ? '#ffffff' : '#475569'}
      >
        {glyph}
      </text>
    </svg>
  );
}
