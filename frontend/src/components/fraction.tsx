import { decodeFraction } from '@mathgames/contracts';
import { cn } from '../lib/cn.js';

/** A real stacked fraction; screen readers hear "3/4". */
export function StackedFraction({
  numerator,
  denominator,
  className,
}: {
  numerator: number;
  denominator: number;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-col items-center align-middle leading-none', className)}>
      <span className="sr-only">{`${numerator}/${denominator}`}</span>
      <span aria-hidden="true" className="px-[0.15em]">
        {numerator}
      </span>
      <span
        aria-hidden="true"
        className="my-[0.08em] h-[0.08em] min-h-[2px] w-full rounded-full bg-current"
      />
      <span aria-hidden="true" className="px-[0.15em]">
        {denominator}
      </span>
    </span>
  );
}

/** An operand as the generator writes it: a number, or fraction text such as '3/4'. */
export function Operand({ value, className }: { value: number | string; className?: string }) {
  const match = typeof value === 'string' ? /^(\d+)\/(\d+)$/.exec(value.trim()) : null;
  if (match)
    return (
      <StackedFraction numerator={Number(match[1])} denominator={Number(match[2])} className={className} />
    );
  return <span className={className}>{value}</span>;
}

/**
 * An answer value: an encoded fraction (decoded; 1/1 shows as 1) or a plain number. With `mixed`, an improper
 * fraction also shows as a mixed number (6/5 = 1 1/5), for the ages that learn them.
 */
export function AnswerValue({
  value,
  className,
  mixed = false,
}: {
  value: number;
  className?: string;
  mixed?: boolean;
}) {
  const fraction = decodeFraction(value);
  if (!fraction) return <span className={className}>{value}</span>;
  if (fraction.denominator === 1) return <span className={className}>{fraction.numerator}</span>;
  const stacked = (
    <StackedFraction
      numerator={fraction.numerator}
      denominator={fraction.denominator}
      className={className}
    />
  );
  const whole = Math.floor(fraction.numerator / fraction.denominator);
  const rest = fraction.numerator % fraction.denominator;
  if (!mixed || whole === 0 || rest === 0) return stacked;
  return (
    // Wraps below the improper fraction when a narrow answer button has no room for both on one line.
    <span
      className="inline-flex flex-wrap items-center justify-center gap-[0.3em]"
      data-testid="mixed-number"
    >
      {/* Spaces as text, so a screen reader hears "6/5 = 1 1/5", not "6/5=11/5". */}
      {stacked} ={' '}
      <span className="inline-flex items-center gap-[0.1em]">
        {whole} <StackedFraction numerator={rest} denominator={fraction.denominator} />
      </span>
    </span>
  );
}
