import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { cn } from '../../../lib/cn.js';
import { openAuthModal } from '../../../lib/events.js';
import type { SaveState } from '../api/save-game-result.js';

/** What became of the result, in words a child understands: saved, kept on this device, or refused and why. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('gameplay');
  if (state.kind === 'saving') return <p role="status" className="sr-only" data-testid="save-status" />;
  const tone = {
    saved: 'bg-emerald-50 text-emerald-900',
    'kept-offline': 'bg-amber-50 text-amber-950',
    'kept-guest': 'bg-brand-50 text-brand-900',
    refused: 'bg-red-50 text-red-900',
  }[state.kind];
  return (
    <div
      role="status"
      className={cn('mt-5 rounded-3xl px-5 py-4 text-lg font-bold', tone)}
      data-testid="save-status"
      data-state={state.kind}
    >
      <p>
        {state.kind === 'refused'
          ? t('save.refused', { message: state.message })
          : t(
              state.kind === 'saved'
                ? 'save.saved'
                : state.kind === 'kept-offline'
                  ? 'save.keptOffline'
                  : 'save.keptGuest',
            )}
      </p>
      {state.kind === 'kept-guest' && (
        <Button className="mt-3" onClick={() => openAuthModal(true)} data-testid="save-sign-in">
          {t('save.signIn')}
        </Button>
      )}
    </div>
  );
}
