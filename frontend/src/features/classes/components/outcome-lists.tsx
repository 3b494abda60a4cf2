import { type ClassMastery, OUTCOMES, type Outcome, successRate } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../lib/i18n/i18n.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { MarkIcon } from './mastery-rung.js';
import { SubSection } from './sub-section.js';

/** An outcome's text in the interface language. */
export function useOutcomeText() {
  const { i18n } = useTranslation();
  const lang = toLang(i18n.resolvedLanguage);
  return (outcome: Outcome) => outcome.text[lang];
}

function OutcomeName({ outcome }: { outcome: Outcome }) {
  const text = useOutcomeText();
  return (
    <span className="block">
      <span className="font-mono font-bold">{outcome.code}</span>{' '}
      <span className="text-sm text-slate-700">{text(outcome)}</span>
    </span>
  );
}

/** Per outcome with a 30-day check taken: how many of the pupils checked still knew it, in words and as a %. */
export function RetentionList({ data }: { data: ClassMastery }) {
  const { t } = useTranslation('teacher');
  const percent = usePercent();
  const rows = OUTCOMES.flatMap((outcome) => {
    const row = data.retention.find((r) => r.outcome === outcome.code);
    return row ? [{ outcome, checked: row.checked, retained: row.retained }] : [];
  });
  return (
    <SubSection id="outcome-retention" title={t('outcomes.retention')} testId="outcome-retention">
      <p className="mt-1 text-base text-slate-700">{t('outcomes.retentionIntro')}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-base text-slate-700">{t('outcomes.retentionEmpty')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {rows.map(({ outcome, checked, retained }) => (
            <li
              key={outcome.code}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-slate-50 p-3"
              data-outcome={outcome.code}
            >
              <OutcomeName outcome={outcome} />
              <span className="font-semibold whitespace-nowrap text-slate-900">
                {t('outcomes.kept', { retained, checked })} · {percent(successRate(retained, checked))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SubSection>
  );
}

/** Per outcome, the pupils whose latest game on it was under 50 % or whose check failed, by name. */
export function NeedsHelpList({ data, outcomes }: { data: ClassMastery; outcomes: Outcome[] }) {
  const { t } = useTranslation('teacher');
  const rows = outcomes.flatMap((outcome) => {
    const names = data.pupils
      .filter((p) => p.outcomes.some((o) => o.outcome === outcome.code && o.needsHelp))
      .map((p) => p.name);
    return names.length ? [{ outcome, names }] : [];
  });
  return (
    <SubSection id="outcome-needs-help" title={t('outcomes.needsHelp')} testId="outcome-needs-help">
      <p className="mt-1 text-base text-slate-700">{t('outcomes.needsHelpIntro')}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-base text-slate-700">{t('outcomes.needsHelpEmpty')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {rows.map(({ outcome, names }) => (
            <li key={outcome.code} className="rounded-2xl bg-slate-50 p-3" data-outcome={outcome.code}>
              <OutcomeName outcome={outcome} />
              <span className="mt-1 flex items-start gap-1.5 font-semibold text-slate-900">
                <MarkIcon mark="needsHelp" className="mt-1" />
                <span data-testid="needs-help-names">{names.join(', ')}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SubSection>
  );
}
