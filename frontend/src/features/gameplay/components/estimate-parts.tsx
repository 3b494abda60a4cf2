import { ESTIMATE_SIGN, type Question, roundToTen } from '@mathgames/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerValue, Operand } from '../../../components/fraction.js';

/**
 * Estimation items (docs/product-rules.md#questions): `48 + 31 ≈ ?`, answered with each operand rounded to the nearest ten first. The parts
 * that differ from an exact question: the ≈ sign, the instruction, the rounding worked out after a wrong answer.
 */

/** How operators look on screen; the saved text keeps the generator's spelling. */
export function operatorGlyph(operator: string): string {
  return operator === '-' ? '−' : operator;
}

/** `=`, or `≈` for an estimation item: drawn as the sign, heard as "approximately". */
export function RelationSign({ estimate, className }: { estimate: boolean | undefined; className?: string }) {
  const { t } = useTranslation('gameplay');
  if (!estimate) return <span className={className}>=</span>;
  return (
    <span className={className} data-testid="estimate-sign">
      <span aria-hidden="true">{ESTIMATE_SIGN}</span>
      <span className="sr-only"> {t('estimate.sign')} </span>
    </span>
  );
}

/** A question with its answer, `7 + 5 = 12` or `48 + 31 ≈ 80`, as the feedback and the result lists show it. */
export function QuestionWithAnswer({ question, mixed }: { question: Question; mixed?: boolean }) {
  return (
    <>
      <Operand value={question.num1} /> {operatorGlyph(question.operator)} <Operand value={question.num2} />{' '}
      <RelationSign estimate={question.estimate} /> <AnswerValue value={question.answer} mixed={mixed} />
    </>
  );
}

/** The numbers of an estimation item's working: each operand, its nearest ten, and the estimate. */
function working(question: Question) {
  const a = Number(question.num1);
  const b = Number(question.num2);
  return { a, b, ra: roundToTen(a), rb: roundToTen(b), answer: question.answer };
}

/** The instruction under an estimation item's question (the heading is described by it). */
export function EstimateInstruction({ question, id }: { question: Question; id: string }) {
  const { t } = useTranslation('gameplay');
  return (
    <p
      id={id}
      data-testid="estimate-instruction"
      className="mx-auto mt-3 flex max-w-xl flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-2xl border-2 border-amber-300 bg-amber-50 px-4 py-2 text-lg font-bold text-amber-950 sm:text-xl"
    >
      <span className="rounded-full bg-amber-800 px-3 py-0.5 text-white">
        <span aria-hidden="true">{ESTIMATE_SIGN} </span>
        {t('estimate.label')}
      </span>
      <span>{t(question.operator === '-' ? 'estimate.instructionSubtract' : 'estimate.instructionAdd')}</span>
    </p>
  );
}

/** The rounding worked out in words, as read aloud after a wrong answer (no arrows). */
export function useEstimateSpoken(): (question: Question) => string {
  const { t } = useTranslation('gameplay');
  return (question) =>
    t('estimate.workedSpoken', {
      ...working(question),
      op: t(question.operator === '-' ? 'speech.minus' : 'speech.plus'),
    });
}

/** After a wrong answer: `48 → 50 and 31 → 30, so 50 + 30 = 80.` (screen readers hear it in words). */
export function EstimateExplanation({
  question,
  className = 'text-xl font-bold',
  testId = 'feedback-explanation',
}: {
  question: Question;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('gameplay');
  const spoken = useEstimateSpoken();
  return (
    <p className={className} data-testid={testId} data-estimate="true">
      <span aria-hidden="true">
        {t('estimate.worked', { ...working(question), op: operatorGlyph(question.operator) })}
      </span>
      <span className="sr-only">{spoken(question)}</span>
    </p>
  );
}

const STEP = 22;
const PAD = 28;

/** One operand on a number line from the ten below it to the ten above; an arrow to its nearest ten, ringed. */
function RoundingLine({ value, y }: { value: number; y: number }) {
  const low = Math.floor(value / 10) * 10;
  const nearest = roundToTen(value);
  const x = (n: number) => PAD + (n - low) * STEP;
  return (
    <g transform={`translate(0 ${y})`}>
      <line x1={x(low)} x2={x(low + 10)} y1={40} y2={40} stroke="#334155" strokeWidth={3} />
      {Array.from({ length: 11 }, (_, i) => (
        <line
          // biome-ignore lint/suspicious/noArrayIndexKey: ticks are positions
          key={i}
          x1={x(low + i)}
          x2={x(low + i)}
          y1={i === 0 || i === 10 ? 30 : 35}
          y2={i === 0 || i === 10 ? 50 : 45}
          stroke="#334155"
          strokeWidth={2}
        />
      ))}
      {[low, low + 10].map((ten) => (
        <g key={ten}>
          {ten === nearest && (
            <circle cx={x(ten)} cy={66} r={17} fill="#d1fae5" stroke="#047857" strokeWidth={2} />
          )}
          <text x={x(ten)} y={72} textAnchor="middle" fontSize={16} fontWeight={800} fill="#0f172a">
            {ten}
          </text>
        </g>
      ))}
      <circle cx={x(value)} cy={40} r={7} fill="#4338ca" />
      <text x={x(value)} y={20} textAnchor="middle" fontSize={18} fontWeight={800} fill="#4338ca">
        {value}
      </text>
      <path
        d={`M${x(value)} 47Q${(x(value) + x(nearest)) / 2} 64 ${x(nearest) + (nearest > value ? -15 : 15)} 56`}
        fill="none"
        stroke="#b45309"
        strokeWidth={2.5}
        strokeDasharray="5 3"
        markerEnd="url(#estimate-arrow)"
      />
    </g>
  );
}

/** The worked step of an estimation item (shown when paused after a wrong answer): each operand on a number line. */
export function EstimateWorkedStep({ question }: { question: Question }) {
  const { t } = useTranslation('gameplay');
  const titleId = useId();
  const numbers = working(question);
  const width = 2 * PAD + 10 * STEP;
  return (
    <figure
      className="mx-auto mt-3 w-full max-w-md rounded-3xl bg-white p-4 text-slate-900 shadow-sm"
      data-testid="worked-step"
      data-estimate="true"
    >
      <figcaption id={titleId} className="text-center text-lg font-bold">
        {t('worked.estimate', { ...numbers, op: operatorGlyph(question.operator) })}
      </figcaption>
      <div role="img" aria-labelledby={titleId} className="mt-2 flex justify-center">
        <svg viewBox={`0 0 ${width} 180`} width={width * 1.3} height={180 * 1.3} aria-hidden="true">
          <defs>
            <marker
              id="estimate-arrow"
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M0 0L10 5L0 10z" fill="#b45309" />
            </marker>
          </defs>
          <RoundingLine value={numbers.a} y={0} />
          <RoundingLine value={numbers.b} y={92} />
        </svg>
      </div>
    </figure>
  );
}
