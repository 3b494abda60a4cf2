import type { ReactNode } from 'react';

/** A text-styled button that moves between the auth modal's modes. */
export function LinkButton({
  onClick,
  children,
  testId,
}: {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="inline-flex min-h-12 items-center rounded-xl px-2 text-base font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
    </button>
  );
}
