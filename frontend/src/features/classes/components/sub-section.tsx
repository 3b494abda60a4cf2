import type { ReactNode } from 'react';

/** A part of a class panel or a pupil's dialog under its own h3, which names it for screen readers. */
export function SubSection({
  id,
  title,
  testId,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="text-lg font-extrabold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
