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

export function ProgressBar({ value, max = 100, label, className, barClassName }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-4 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full bg-brand-600 transition-[width] duration-300', barClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
