import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

/** A grey block that holds the space of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('skeleton rounded-2xl bg-slate-200', className)} {...props} />;
}
