import { JOIN_CODE_LENGTH, joinCodeSchema } from '@mathgames/contracts';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { usePageHead } from '../../../lib/head.js';

/** Step one at /class: the code the teacher wrote on the board. */
export function ClassCodeForm({ initialError }: { initialError?: string | undefined }) {
  const { t } = useTranslation('pupil');
  usePageHead({ title: t('code.title'), description: t('code.intro') });
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState<string | undefined>(initialError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = joinCodeSchema.safeParse(new FormData(event.currentTarget).get('code'));
    if (!parsed.success) {
      setError(t('code.invalid', { length: JOIN_CODE_LENGTH }));
      return;
    }
    void navigate({ to: '/class/$code', params: { code: parsed.data } });
  }

  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center">
      <h1 className="text-3xl font-black text-slate-900">{t('code.title')}</h1>
      <p className="mt-2 text-lg text-slate-700">{t('code.intro')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-8 flex w-full flex-col gap-4"
        data-testid="class-code-form"
      >
        <label htmlFor={id} className="text-lg font-bold text-slate-800">
          {t('code.label')}
        </label>
        <input
          id={id}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={JOIN_CODE_LENGTH + 2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-16 rounded-2xl border-2 border-slate-300 text-center font-mono text-4xl font-black tracking-[0.3em] uppercase focus:border-brand-600"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-lg font-semibold text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" size="lg">
          {t('code.submit')}
        </Button>
      </form>
    </section>
  );
}
