import type { ReactNode } from 'react';
import { Skeleton } from './ui/skeleton.js';

/** A short load failure inside a card: read out at once (role="alert"). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="font-bold text-red-800">
      {children}
    </p>
  );
}

/** `count` grey placeholders, hidden from screen readers, standing where a list is loading. */
export function SkeletonList({
  count,
  itemClassName,
  className = 'flex flex-col gap-3',
  testId,
}: {
  count: number;
  itemClassName: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} aria-hidden="true" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}

/**
 * The four states of a block fed by a query, checked in this order: failed (`error`), still loading
 * (`loading`), nothing to show (`empty`), else the content. A state left out is skipped.
 */
export function QueryStates({
  failed = false,
  error,
  pending = false,
  loading,
  isEmpty = false,
  empty,
  children,
}: {
  failed?: boolean;
  error?: ReactNode;
  pending?: boolean;
  loading?: ReactNode;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (failed) return error;
  if (pending) return loading;
  if (isEmpty) return empty;
  return children;
}
