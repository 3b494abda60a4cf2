import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.js';
import { updateReadyAtom } from '../../lib/offline/update-ready.js';
import { store } from '../../lib/store.js';

/** "A new version is ready": the child (or teacher) picks the moment; until then this version keeps working. */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const update = useAtomValue(updateReadyAtom, { store });
  if (!update) return null;
  return (
    <section
      aria-labelledby="update-title"
      className="on-dark fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-3xl bg-slate-900 p-4 text-white shadow-lg"
      data-testid="update-prompt"
    >
      <h2 id="update-title" className="flex-1 text-lg font-bold">
        {t('update.ready')}
      </h2>
      <Button variant="secondary" onClick={() => void update.accept()} data-testid="update-accept">
        {t('update.accept')}
      </Button>
      <Button
        variant="ghost"
        className="text-white hover:bg-white/10"
        onClick={() => store.set(updateReadyAtom, null)}
        data-testid="update-later"
      >
        {t('update.later')}
      </Button>
    </section>
  );
}
