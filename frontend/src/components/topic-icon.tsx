import type { GameTypeKey } from '@mathgames/contracts';
import { cn } from '../lib/cn.js';

/** Topic keys (contracts' English game-type keys) as used in i18n (`common:topics.<key>`) and colours. */
export type TopicKey = GameTypeKey;

/** Tailwind classes per topic: the one saturated colour used on its card, gameplay header and result header. */
export const TOPIC_CLASSES: Record<
  TopicKey | 'other',
  { bg: string; text: string; border: string; soft: string }
> = {
  addition: {
    bg: 'bg-topic-addition',
    text: 'text-topic-addition',
    border: 'border-topic-addition',
    soft: 'bg-blue-50',
  },
  subtraction: {
    bg: 'bg-topic-subtraction',
    text: 'text-topic-subtraction',
    border: 'border-topic-subtraction',
    soft: 'bg-rose-50',
  },
  multiplication: {
    bg: 'bg-topic-multiplication',
    text: 'text-topic-multiplication',
    border: 'border-topic-multiplication',
    soft: 'bg-violet-50',
  },
  division: {
    bg: 'bg-topic-division',
    text: 'text-topic-division',
    border: 'border-topic-division',
    soft: 'bg-emerald-50',
  },
  fractions: {
    bg: 'bg-topic-fractions',
    text: 'text-topic-fractions',
    border: 'border-topic-fractions',
    soft: 'bg-orange-50',
  },
  other: {
    bg: 'bg-topic-other',
    text: 'text-topic-other',
    border: 'border-topic-other',
    soft: 'bg-slate-50',
  },
};

const SYMBOLS: Record<TopicKey, string> = {
  addition: '+',
  subtraction: '−',
  multiplication: '×',
  division: '÷',
  fractions: '½',
};

/** A round badge with the topic's operator sign, drawn inline (no image request). */
export function TopicIcon({ topic, className }: { topic: TopicKey; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-14 shrink-0 items-center justify-center rounded-2xl text-3xl font-black text-white shadow-inner',
        TOPIC_CLASSES[topic].bg,
        className,
      )}
    >
      {SYMBOLS[topic]}
    </span>
  );
}
