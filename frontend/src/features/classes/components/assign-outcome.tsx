import {
  DEFAULT_DIFFICULTY,
  DEFAULT_GAME_TYPE,
  DIFFICULTIES,
  DIFFICULTY_KEYS,
  type Difficulty,
  GAME_TYPE_KEYS,
  GAME_TYPES,
  type GameType,
  levelForOutcome,
  levelOutcomes,
  levelPractises,
  OUTCOMES,
} from '@mathgames/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../../../lib/i18n/i18n.js';
import { fieldProps, Labelled } from './assign-fields.js';

export interface TopicAndDifficulty {
  gameType: GameType;
  difficulty: Difficulty;
}

const practises = (choice: TopicAndDifficulty, code: string) =>
  levelPractises(choice.gameType, choice.difficulty, code);

const GRADES = [...new Set(OUTCOMES.map((o) => o.grade))];

/** What the chosen topic and difficulty practise, read out when it changes. */
function PractisedOutcomes({ choice }: { choice: TopicAndDifficulty }) {
  const { t, i18n } = useTranslation('teacher');
  const lang = toLang(i18n.resolvedLanguage);
  const outcomes = levelOutcomes(choice.gameType, choice.difficulty);
  return (
    <div
      className="rounded-2xl bg-slate-50 p-3 text-base sm:col-span-2"
      aria-live="polite"
      data-testid="assign-outcomes"
    >
      {outcomes.length === 0 ? (
        <p className="text-slate-700">{t('assignments.practisesNone')}</p>
      ) : (
        <>
          <p className="font-bold text-slate-800">{t('assignments.practises')}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {outcomes.map((outcome) => (
              <li key={outcome.code} data-outcome={outcome.code}>
                <span className="font-mono font-bold">{outcome.code}</span>{' '}
                <span className="text-slate-700">{outcome.text[lang]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The outcome picker, the topic and the difficulty (docs/product-rules.md#the-outcome-map): an outcome sets a topic and difficulty that practise
 * it; changing those keeps the outcome only while they still practise it. The server gets a topic and difficulty.
 */
export function TopicAndDifficultyFields({
  id,
  errors,
}: {
  id: string;
  errors: { gameType?: string; difficulty?: string };
}) {
  const { t, i18n } = useTranslation(['teacher', 'common']);
  const lang = toLang(i18n.resolvedLanguage);
  const [choice, setChoice] = useState<TopicAndDifficulty>({
    gameType: DEFAULT_GAME_TYPE,
    difficulty: DEFAULT_DIFFICULTY,
  });
  const [outcome, setOutcome] = useState('');

  function choose(next: TopicAndDifficulty) {
    setChoice(next);
    if (outcome && !practises(next, outcome)) setOutcome('');
  }
  function pickOutcome(code: string) {
    setOutcome(code);
    const level = code ? levelForOutcome(code, choice.gameType) : undefined;
    if (level) setChoice(level);
  }

  return (
    <>
      <div className="sm:col-span-2">
        <Labelled id={`${id}-outcome`} label={t('assignments.outcome')}>
          <select
            value={outcome}
            onChange={(event) => pickOutcome(event.target.value)}
            data-testid="assign-outcome"
            {...fieldProps(`${id}-outcome`)}
            aria-describedby={`${id}-outcome-hint`}
          >
            <option value="">{t('assignments.outcomeNone')}</option>
            {GRADES.map((grade) => (
              <optgroup key={grade} label={t('grade', { grade })}>
                {OUTCOMES.filter((o) => o.grade === grade).map((o) => (
                  <option key={o.code} value={o.code}>
                    {o.code} · {o.text[lang]}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Labelled>
        <p id={`${id}-outcome-hint`} className="mt-1 text-base text-slate-700">
          {t('assignments.outcomeHint')}
        </p>
      </div>
      <Labelled id={`${id}-topic`} label={t('assignments.topic')} error={errors.gameType}>
        <select
          name="gameType"
          value={choice.gameType}
          onChange={(event) => choose({ ...choice, gameType: event.target.value as GameType })}
          {...fieldProps(`${id}-topic`, errors.gameType)}
        >
          {GAME_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`common:topics.${GAME_TYPE_KEYS[type]}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-difficulty`} label={t('assignments.difficulty')} error={errors.difficulty}>
        <select
          name="difficulty"
          value={choice.difficulty}
          onChange={(event) => choose({ ...choice, difficulty: event.target.value as Difficulty })}
          {...fieldProps(`${id}-difficulty`, errors.difficulty)}
        >
          {DIFFICULTIES.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {t(`common:difficulties.${DIFFICULTY_KEYS[difficulty]}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <PractisedOutcomes choice={choice} />
    </>
  );
}
