import { cn } from '../../lib/cn.js';

export interface ProgressBarProps {
  /** 0..max */
  value: number;
  max?: number;
  /** Accessible name, e.g. "Question 3 of 10". */
  label: string;
  className?: string;
  barClassName?: string;
}

/** `cn` does not merge Tailwind classes, so a default applies only when the caller did not set that utility. */
const has = (classes: string | undefined, prefix: string) =>
  !!classes && new RegExp(`(^|\\s)${prefix}`).test(classes);

export function ProgressBar({ value, max = 100, label, className, barClassName }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn(
        'w-full overflow-hidden rounded-full',
        !has(className, 'h-') && 'h-4',
        !has(className, 'bg-') && 'bg-slate-200',
        className,
      )}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          !has(barClassName, 'bg-') && 'bg-brand-600',
          barClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
