import { cn } from '../lib/cn.js';

/** One figure with its label, inside a `<dl>`: the big number first on screen, the label first for readers. */
export function StatTile({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId: string;
  /** Colours (and any layout) of this tile. */
  className: string;
}) {
  return (
    <div className={cn('rounded-3xl p-4 text-center', className)}>
      <dt className="text-base font-bold">{label}</dt>
      <dd className="order-first text-3xl font-black tabular-nums sm:text-4xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
