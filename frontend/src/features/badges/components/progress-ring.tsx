import { useTranslation } from 'react-i18next';
import { usePercent } from '../../../lib/i18n/use-percent.js';

/** Whole percent of badges completed; 0 when there are none. */
export function ringPercent(completed: number, total: number): number {
  if (!(total > 0) || !(completed > 0)) return 0;
  return Math.min(100, Math.round((completed / total) * 100));
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The overall badge progress ring (completed / total); its accessible name says the same in words. */
export function ProgressRing({
  completed,
  total,
  size = 144,
}: {
  completed: number;
  total: number;
  size?: number;
}) {
  const { t } = useTranslation('badges');
  const percent = ringPercent(completed, total);
  const percentText = usePercent();
  const label = t('ring.label', { completed, total, percent });
  return (
    <div className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      <svg
        viewBox="0 0 120 120"
        width={size}
        height={size}
        role="img"
        aria-label={label}
        data-testid="progress-ring"
      >
        <title>{label}</title>
        <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="#e2e8f0" strokeWidth="14" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          stroke="#f59e0b"
          strokeWidth="14"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          transform="rotate(-90 60 60)"
          className="transition-[stroke-dashoffset] duration-300 motion-reduce:transition-none"
          data-testid="progress-ring-arc"
        />
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-black tabular-nums" data-testid="progress-ring-percent">
          {percentText(percent)}
        </span>
        <span className="text-sm font-bold text-slate-700 tabular-nums">
          {completed}/{total}
        </span>
      </div>
    </div>
  );
}
