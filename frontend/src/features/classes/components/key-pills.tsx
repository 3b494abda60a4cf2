import type { ReactNode } from 'react';

export interface KeyPill {
  key: string;
  /** Background and text of the pill, as its grid's cells show it. */
  className: string;
  shape: ReactNode;
  label: string;
}

/** A grid's key: one pill per value, its shape and its name in the value's colours (the topic and outcome grids). */
export function KeyPills({ testId, pills }: { testId: string; pills: readonly KeyPill[] }) {
  return (
    <ul className="flex flex-wrap gap-2 text-base" data-testid={testId}>
      {pills.map((pill) => (
        <li
          key={pill.key}
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold ${pill.className}`}
        >
          {pill.shape}
          {pill.label}
        </li>
      ))}
    </ul>
  );
}
