import type { Question } from '@mathgames/contracts';
import { useTranslation } from 'react-i18next';
import { localeOf, toLang } from '../../../lib/i18n/i18n.js';

const OPERATOR_WORDS = { '+': 'plus', '-': 'minus', '×': 'times', '÷': 'dividedBy' } as const;

function operandWords(value: number | string, over: string): string {
  const text = String(value);
  return text.includes('/') ? text.replace('/', ` ${over} `) : text;
}

/** Speaks the question in the UI language where the browser has a voice for it (speechSynthesis). */
export function useReadAloud() {
  const { t, i18n } = useTranslation('gameplay');
  const lang = toLang(i18n.resolvedLanguage);
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const voices = synth?.getVoices() ?? [];
  // Voices load late in some browsers; with none listed yet, still offer it and let the engine pick.
  const available =
    !!synth && (voices.length === 0 || voices.some((voice) => voice.lang.toLowerCase().startsWith(lang)));
  const say = (text: string) => {
    if (!synth) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = localeOf(lang);
    utterance.rate = 0.9;
    const voice = voices.find((v) => v.lang.toLowerCase().startsWith(lang));
    if (voice) utterance.voice = voice;
    synth.cancel();
    synth.speak(utterance);
  };
  return {
    available,
    say,
    speak(question: Question) {
      const over = t('speech.over');
      say(
        // An estimation item says how to answer it: round each number to the nearest ten.
        t(question.estimate ? 'speech.estimate' : 'speech.question', {
          left: operandWords(question.num1, over),
          operator: t(`speech.${OPERATOR_WORDS[question.operator]}`),
          right: operandWords(question.num2, over),
        }),
      );
    },
  };
}
