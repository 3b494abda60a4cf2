import { Button } from '../../../components/ui/button.js';

export interface Action {
  label: string;
  onClick: () => void;
  /** The button's name when the label alone is ambiguous in a list ("Remove Ada"). */
  ariaLabel?: string;
  danger?: boolean;
}

/** A row's buttons: outlined (red when destructive), all waiting while one of its server actions runs. */
export function ActionButtons({ actions, busy }: { actions: Action[]; busy: boolean }) {
  return actions.map(({ label, onClick, ariaLabel, danger }) => (
    <Button
      key={label}
      variant={danger ? 'danger' : 'outline'}
      disabled={busy}
      onClick={onClick}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  ));
}
