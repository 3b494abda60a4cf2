import { DIFFICULTIES, DIFFICULTY_KEYS, GAME_TYPE_KEYS, QUESTION_COUNTS } from '@mathgames/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../../components/icons.js';
import { TOPIC_CLASSES, TopicIcon, type TopicKey } from '../../../components/topic-icon.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Popover } from '../../../components/ui/popover.js';
import { cn } from '../../../lib/cn.js';
import type { GameSettings } from '../hooks/game-machine.js';
import { usePauseAfterWrong, useReadAloudSetting } from '../hooks/learning-settings.js';

/** A labelled on/off switch: a real checkbox, so keyboard and screen readers need nothing special. */
function Toggle({
  checked,
  onChange,
  label,
  hint,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint: string;
  testId: string;
  disabled: boolean;
}) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-slate-200 px-4 py-2 hover:border-brand-500">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
        data-testid={testId}
        className="size-6 shrink-0 accent-brand-700"
      />
      <span className="flex flex-col">
        <span className="text-lg font-bold">{label}</span>
        <span className="text-base text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

export interface SettingsPanelProps {
  settings: GameSettings;
  onChange: (settings: Partial<GameSettings>) => void;
  onStart: () => void;
  /**
   * False while the screen shows the markup drawn ahead of time (before hydration): the controls are disabled
   * and the switches show their defaults, since what this device stored is not adopted yet.
   */
  ready?: boolean;
}

/** One group of settings: its legend over a grid of choices. */
function SettingsGroup({
  legend,
  className,
  gridClassName,
  children,
}: {
  legend: string;
  className?: string;
  gridClassName: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-xl font-extrabold">{legend}</legend>
      <div className={gridClassName}>{children}</div>
    </fieldset>
  );
}

function ChoiceButton({
  selected,
  onClick,
  children,
  testId,
  disabled,
}: {
  testId?: string;
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid={testId}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'flex min-h-16 flex-col items-center justify-center rounded-2xl border-2 px-3 py-2 text-center font-bold transition-colors',
        selected
          ? 'border-brand-700 bg-brand-600 text-white shadow-md'
          : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:bg-brand-50',
      )}
    >
      {children}
    </button>
  );
}

/** The topic-coloured header: the game's name, the heading the section is labelled by, and the help popover. */
function SettingsHeader({ topic, disabled }: { topic: TopicKey; disabled: boolean }) {
  const { t } = useTranslation(['gameplay', 'games', 'common']);
  const topicName = t(`common:topics.${topic}`);
  return (
    <div
      className={cn('flex items-center gap-4 rounded-3xl p-5 text-white shadow-md', TOPIC_CLASSES[topic].bg)}
    >
      <TopicIcon topic={topic} className="bg-white/20 shadow-none" />
      <div className="flex-1">
        <h1 className="text-3xl font-black">{t('gameplay:title', { topic: topicName })}</h1>
        <p id="settings-heading" className="text-lg font-semibold opacity-95">
          {t('gameplay:settings.heading')}
        </p>
      </div>
      <Popover
        align="end"
        title={t('gameplay:settings.help', { topic: topicName })}
        closeLabel={t('common:actions.close')}
        trigger={
          <button
            type="button"
            aria-label={t('gameplay:settings.help', { topic: topicName })}
            data-testid="help-button"
            disabled={disabled}
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-2xl font-black text-slate-900 shadow"
          >
            ?
          </button>
        }
      >
        <dl className="mt-3 space-y-3">
          <div>
            <dt className="font-bold text-brand-800">{t('games:details.howToPlay')}</dt>
            <dd>{t(`games:topics.${topic}.howToPlay`)}</dd>
          </div>
          <div>
            <dt className="font-bold text-brand-800">{t('games:details.gain')}</dt>
            <dd>{t(`games:topics.${topic}.gain`)}</dd>
          </div>
          <div>
            <dt className="font-bold text-brand-800">{t('games:details.example')}</dt>
            <dd className="text-2xl font-black">{t(`games:topics.${topic}.example`)}</dd>
          </div>
        </dl>
      </Popover>
    </div>
  );
}

export function SettingsPanel({ settings, onChange, onStart, ready = true }: SettingsPanelProps) {
  const { t } = useTranslation(['gameplay', 'games', 'common']);
  const topic = GAME_TYPE_KEYS[settings.gameType];
  const [storedPauseAfterWrong, setPauseAfterWrong] = usePauseAfterWrong();
  const [storedReadAloud, setReadAloud] = useReadAloudSetting();
  // The switches are stored on the device: drawn ahead of time (and while hydrating) they show their defaults.
  const pauseAfterWrong = ready && storedPauseAfterWrong;
  const readAloud = ready && storedReadAloud;
  const disabled = !ready;
  return (
    <section aria-labelledby="settings-heading" className="mx-auto max-w-3xl px-4 py-8">
      <SettingsHeader topic={topic} disabled={disabled} />

      <div className="mt-8 rounded-3xl bg-white p-5 shadow-sm sm:p-6">
        <SettingsGroup
          legend={t('gameplay:settings.difficulty')}
          gridClassName="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5"
        >
          {DIFFICULTIES.map((difficulty, level) => (
            <ChoiceButton
              key={difficulty}
              testId={`difficulty-${DIFFICULTY_KEYS[difficulty]}`}
              selected={settings.difficulty === difficulty}
              onClick={() => onChange({ difficulty })}
              disabled={disabled}
            >
              {/* The same stars as the home page's level cards: one per level. */}
              <span aria-hidden="true" className="flex gap-0.5">
                {DIFFICULTIES.slice(0, level + 1).map((star) => (
                  <StarIcon key={star} className="size-4" />
                ))}
              </span>
              <span className="text-lg">{t(`common:difficulties.${DIFFICULTY_KEYS[difficulty]}`)}</span>
              <span className="text-sm font-semibold opacity-90">
                {t(`common:ages.${DIFFICULTY_KEYS[difficulty]}`)}
              </span>
            </ChoiceButton>
          ))}
        </SettingsGroup>

        <SettingsGroup
          legend={t('gameplay:settings.questions')}
          className="mt-8"
          gridClassName="mt-3 grid grid-cols-4 gap-3"
        >
          {QUESTION_COUNTS.map((count) => (
            <ChoiceButton
              key={count}
              testId={`count-${count}`}
              selected={settings.count === count}
              onClick={() => onChange({ count })}
              disabled={disabled}
            >
              <span className="text-2xl" aria-hidden="true">
                {count}
              </span>
              <span className="sr-only">{t('gameplay:settings.questionsOption', { count })}</span>
            </ChoiceButton>
          ))}
        </SettingsGroup>

        <SettingsGroup
          legend={t('gameplay:settings.learning')}
          className="mt-8"
          gridClassName="mt-3 grid gap-3 sm:grid-cols-2"
        >
          <Toggle
            checked={pauseAfterWrong}
            onChange={setPauseAfterWrong}
            label={t('gameplay:settings.pauseAfterWrong')}
            hint={t('gameplay:settings.pauseAfterWrongHint')}
            testId="pause-after-wrong"
            disabled={disabled}
          />
          <Toggle
            checked={readAloud}
            onChange={setReadAloud}
            label={t('gameplay:settings.readAloudAlways')}
            hint={t('gameplay:settings.readAloudAlwaysHint')}
            testId="read-aloud-setting"
            disabled={disabled}
          />
        </SettingsGroup>

        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to="/games" className={buttonClasses('outline', 'lg')}>
            {t('gameplay:settings.backToGames')}
          </Link>
          <Button
            size="lg"
            onClick={onStart}
            disabled={disabled}
            className="text-xl"
            data-testid="start-game"
            data-silent
          >
            {t('gameplay:settings.start')} <span aria-hidden="true">▶</span>
          </Button>
        </div>
      </div>
    </section>
  );
}
