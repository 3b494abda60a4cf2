import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  testId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('badges');
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className="mt-5 flex flex-wrap items-center justify-center gap-2"
      data-testid={testId}
    >
      <Button variant="outline" className="px-4" onClick={() => onPage(page - 1)} disabled={page <= 0}>
        <span aria-hidden="true">←</span>
        {t('pager.previous')}
      </Button>
      <span className="min-w-16 text-center text-base font-bold tabular-nums" aria-live="polite">
        {t('pager.status', { page: page + 1, pages })}
      </span>
      <Button
        variant="outline"
        className="px-4"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
      >
        {t('pager.next')}
        <span aria-hidden="true">→</span>
      </Button>
    </nav>
  );
}
