import type { ReactNode } from 'react';

/** The classes of a labelled value: the item around it, its label (`<dt>`) and its value (`<dd>`). */
export interface LabelledValueLook {
  item: string;
  label: string;
  value: string;
}

/** A label and its value inside a `<dl>`; `testId` marks the value. Each screen brings its own look. */
export function LabelledValue({
  look,
  label,
  testId,
  children,
}: {
  look: LabelledValueLook;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={look.item}>
      <dt className={look.label}>{label}</dt>
      <dd className={look.value} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
