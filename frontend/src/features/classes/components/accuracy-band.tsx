import { type AccuracyBand, accuracyBand } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';

/** Background and text of each band: AA contrast, and never the only signal (the shape and the % go with it). */
export const BAND_STYLES: Record<AccuracyBand, string> = {
  secure: 'bg-emerald-100 text-emerald-950',
  developing: 'bg-amber-100 text-amber-950',
  'needs-support': 'bg-red-100 text-red-950',
};

/** A full, half-full or empty circle: the band reads in greyscale and to colour-blind eyes. */
export function BandShape({ band, className }: { band: AccuracyBand; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className={cn('size-4 shrink-0', className)}>
      <circle
        cx="8"
        cy="8"
        r="6.5"
        fill={band === 'secure' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
      {band === 'developing' && <path d="M8 1.5 A6.5 6.5 0 0 0 8 14.5 Z" fill="currentColor" />}
    </svg>
  );
}

/** An accuracy as the % in text, its band's shape and colour, and the band's name for screen readers. */
export function AccuracyBadge({
  accuracy,
  detail,
  testId,
}: {
  accuracy: number;
  /** Read after the band, e.g. "4 of 5 right". */
  detail?: string;
  testId?: string;
}) {
  const { t } = useTranslation('teacher');
  const percent = usePercent();
  const band = accuracyBand(accuracy);
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-bold', BAND_STYLES[band])}
      data-band={band}
      data-testid={testId}
      title={detail}
    >
      <BandShape band={band} />
      <span>{percent(accuracy)}</span>
      <span className="sr-only">
        {' '}
        ({t(`dashboard.bandShort.${band}`)}
        {detail ? `, ${detail}` : ''})
      </span>
    </span>
  );
}
