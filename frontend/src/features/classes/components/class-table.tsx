import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

/**
 * A table of a class's rows that scrolls sideways on a narrow screen: one heading per column, the caption for
 * screen readers; `children` are the body rows.
 */
export function ClassTable({
  headings,
  caption,
  testId,
  className,
  children,
}: {
  headings: string[];
  caption?: string;
  testId?: string;
  /** The space above (the wrapper's margin). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full text-left text-base" data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b-2 border-slate-200">
            {headings.map((heading, i) => (
              <th key={heading} scope="col" className={i < headings.length - 1 ? 'py-2 pr-3' : 'py-2'}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
