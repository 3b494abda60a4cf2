import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Accordion } from '../components/ui/accordion.js';
import { usePageHead } from '../lib/head.js';
import { loadNamespaces } from '../lib/i18n/i18n.js';

const QUESTIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;

export const Route = createFileRoute('/faq')({
  loader: () => loadNamespaces('faq'),
  component: Faq,
});

function Faq() {
  const { t } = useTranslation('faq');
  usePageHead({ title: t('title'), description: t('subtitle') });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-black">{t('title')}</h1>
      <p className="mt-2 text-xl text-slate-700">{t('subtitle')}</p>
      <div className="mt-8">
        <Accordion
          headingLevel={2}
          items={QUESTIONS.map((n) => ({ value: n, question: t(`items.${n}.q`), answer: t(`items.${n}.a`) }))}
        />
      </div>
    </div>
  );
}
