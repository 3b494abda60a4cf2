import { cn } from '../lib/cn.js';
import { LabelledValue } from './labelled-value.js';

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
    <LabelledValue
      look={{
        item: cn('rounded-3xl p-4 text-center', className),
        label: 'text-base font-bold',
        value: 'order-first text-3xl font-black tabular-nums sm:text-4xl',
      }}
      label={label}
      testId={testId}
    >
      {value}
    </LabelledValue>
  );
}
