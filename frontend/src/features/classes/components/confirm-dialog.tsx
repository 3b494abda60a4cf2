import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';

/** "Are you sure?" before a teacher removes something: cancel, or the red button (busy while it runs). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  confirmTestId,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  confirmTestId: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['teacher', 'common']);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      closeLabel={t('common:actions.close')}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          {t('delete.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid={confirmTestId}>
          {busy ? t('busy') : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
