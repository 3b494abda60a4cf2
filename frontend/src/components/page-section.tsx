import type { ReactNode } from 'react';

/** A page's section under its own h2, which names it for screen readers (aria-labelledby). */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-3xl font-black">
        {title}
      </h2>
      {children}
    </section>
  );
}
