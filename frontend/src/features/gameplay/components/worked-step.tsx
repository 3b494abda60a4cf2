import { formatAnswer, gcd, type Question } from '@mathgames/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EstimateWorkedStep } from './estimate-parts.js';

/**
 * The worked step after a wrong answer, drawn (SVG, nothing downloaded): the column sum with its carries, the
 * column subtraction with its borrows, skip counting for times and division, the common denominator as bars.
 * The picture is one labelled image for screen readers; the label says the same step in words.
 */
export function WorkedStep({ question }: { question: Question }) {
  const { t } = useTranslation('gameplay');
  const titleId = useId();
  // An estimation item's step is the rounding, not the exact column sum.
  if (question.estimate) return <EstimateWorkedStep question={question} />;
  const fractions = typeof question.num1 === 'string';
  let label: string;
  let drawing: React.ReactNode;
  if (fractions) {
    const [n1, d1] = String(question.num1).split('/').map(Number) as [number, number];
    const [n2, d2] = String(question.num2).split('/').map(Number) as [number, number];
    const common = (d1 * d2) / gcd(d1, d2);
    label = t('worked.fractions', {
      left: question.num1,
      right: question.num2,
      common,
      answer: formatAnswer(question.answer),
    });
    drawing = <FractionBars n1={n1} d1={d1} n2={n2} d2={d2} operator={question.operator} common={common} />;
  } else {
    const a = Number(question.num1);
    const b = Number(question.num2);
    switch (question.operator) {
      case '+':
        label = t('worked.addition', { a, b, answer: a + b });
        drawing = <ColumnSum a={a} b={b} />;
        break;
      case '-':
        label = t('worked.subtraction', { a, b, answer: a - b });
        drawing = <ColumnDifference a={a} b={b} />;
        break;
      case '×':
        label = t('worked.multiplication', { a, b, answer: a * b });
        drawing = <SkipCount step={a} times={b} />;
        break;
      default:
        label = t('worked.division', { a, b, answer: a / b });
        drawing = <SkipCount step={b} times={a / b} />;
    }
  }
  return (
    <figure
      className="mx-auto mt-3 w-full max-w-md rounded-3xl bg-white p-4 text-slate-900 shadow-sm"
      data-testid="worked-step"
    >
      <figcaption id={titleId} className="text-center text-lg font-bold">
        {label}
      </figcaption>
      <div role="img" aria-labelledby={titleId} className="mt-2 flex justify-center">
        {drawing}
      </div>
    </figure>
  );
}

const CELL = 36;
const digitsOf = (n: number, width: number) => String(n).padStart(width, ' ').split('');

/** Column addition: the carried tens in amber above the column they were carried to. */
function ColumnSum({ a, b }: { a: number; b: number }) {
  const sum = a + b;
  const width = String(sum).length;
  const da = digitsOf(a, width);
  const db = digitsOf(b, width);
  const carries: Array<number | null> = new Array(width).fill(null);
  let carry = 0;
  for (let i = width - 1; i >= 0; i--) {
    const s = Number(da[i]?.trim() || 0) + Number(db[i]?.trim() || 0) + carry;
    carry = s >= 10 ? 1 : 0;
    if (carry && i > 0) carries[i - 1] = 1;
  }
  return (
    <Columns
      width={width}
      rows={[
        { cells: carries.map((c) => (c ? '1' : '')), small: true },
        { cells: da },
        { cells: db, sign: '+' },
        { cells: digitsOf(sum, width), answer: true },
      ]}
    />
  );
}

/** Column subtraction: a borrowed ten crosses out the digit it came from and writes the new ones above. */
function ColumnDifference({ a, b }: { a: number; b: number }) {
  const width = String(a).length;
  const top = String(a).split('').map(Number);
  const bottom = digitsOf(b, width).map((d) => Number(d.trim() || 0));
  const above: string[] = new Array(width).fill('');
  const struck: boolean[] = new Array(width).fill(false);
  const work = [...top];
  for (let i = width - 1; i >= 0; i--) {
    if (work[i]! < bottom[i]!) {
      // Borrow from the next column to the left that has something to lend.
      let j = i - 1;
      while (j >= 0 && work[j] === 0) j--;
      if (j < 0) break;
      work[j]! -= 1;
      struck[j] = true;
      above[j] = String(work[j]);
      for (let k = j + 1; k < i; k++) {
        work[k] = 9;
        struck[k] = true;
        above[k] = '9';
      }
      work[i]! += 10;
      struck[i] = true;
      above[i] = String(work[i]);
    }
  }
  return (
    <Columns
      width={width}
      rows={[
        { cells: above, small: true },
        { cells: String(a).split(''), struck },
        { cells: digitsOf(b, width), sign: '−' },
        { cells: digitsOf(a - b, width), answer: true },
      ]}
    />
  );
}

interface ColumnRow {
  cells: string[];
  sign?: string;
  small?: boolean;
  answer?: boolean;
  struck?: boolean[];
}

function Columns({ width, rows }: { width: number; rows: ColumnRow[] }) {
  const w = (width + 1) * CELL + 8;
  const h = rows.length * CELL + 16;
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width={w * 1.4} height={h * 1.4} aria-hidden="true" className="max-w-full">
      {rows.map((row, r) => {
        const y = (r + 1) * CELL;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed positions
          <g key={r}>
            {row.answer && (
              <line x1={4} x2={w - 4} y1={y - CELL + 6} y2={y - CELL + 6} stroke="#0f172a" strokeWidth={3} />
            )}
            {row.sign && (
              <text x={CELL / 2} y={y} textAnchor="middle" fontSize={28} fontWeight={800} fill="#0f172a">
                {row.sign}
              </text>
            )}
            {row.cells.map((c, i) => {
              const x = (i + 1) * CELL + CELL / 2;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                <g key={i}>
                  <text
                    x={x}
                    y={row.small ? y - 6 : y}
                    textAnchor="middle"
                    fontSize={row.small ? 18 : 28}
                    fontWeight={800}
                    fill={row.small ? '#b45309' : row.answer ? '#047857' : '#0f172a'}
                  >
                    {c.trim()}
                  </text>
                  {row.struck?.[i] && (
                    <line x1={x - 10} x2={x + 10} y1={y - 4} y2={y - 20} stroke="#b91c1c" strokeWidth={3} />
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

/** Times and division as skip counting: step, 2 × step, … up to the answer (split at ten for long counts). */
function SkipCount({ step, times }: { step: number; times: number }) {
  const shown = Math.min(times, 12);
  const w = 64;
  const perRow = 6;
  const rows = Math.ceil(shown / perRow);
  return (
    <svg
      viewBox={`0 0 ${perRow * w} ${rows * 52}`}
      width={perRow * w}
      height={rows * 52}
      aria-hidden="true"
      className="max-w-full"
    >
      {Array.from({ length: shown }, (_, i) => {
        const x = (i % perRow) * w;
        const y = Math.floor(i / perRow) * 52;
        const last = i === shown - 1;
        const value = shown < times && last ? step * times : step * (i + 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: counting positions
          <g key={i}>
            <rect
              x={x + 4}
              y={y + 4}
              width={w - 8}
              height={44}
              rx={10}
              fill={last ? '#d1fae5' : '#e0e7ff'}
              stroke={last ? '#047857' : '#4338ca'}
              strokeWidth={2}
            />
            <text x={x + w / 2} y={y + 34} textAnchor="middle" fontSize={20} fontWeight={800} fill="#0f172a">
              {value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Both fractions redrawn over the common denominator, so the parts can be added (or taken away) directly. */
function FractionBars({
  n1,
  d1,
  n2,
  d2,
  operator,
  common,
}: {
  n1: number;
  d1: number;
  n2: number;
  d2: number;
  operator: string;
  common: number;
}) {
  const left = (n1 * common) / d1;
  const right = (n2 * common) / d2;
  const result = operator === '+' ? left + right : left - right;
  const sign = operator === '+' ? '+' : '−';
  const bars: Array<{ n: number; label: string }> =
    operator === '×'
      ? [{ n: n1 * n2, label: `${n1}/${d1} × ${n2}/${d2} = ${n1 * n2}/${d1 * d2}` }]
      : [
          { n: left, label: d1 === common ? `${n1}/${d1}` : `${n1}/${d1} = ${left}/${common}` },
          { n: right, label: d2 === common ? `${n2}/${d2}` : `${n2}/${d2} = ${right}/${common}` },
          { n: result, label: `${left}/${common} ${sign} ${right}/${common} = ${result}/${common}` },
        ];
  const parts = operator === '×' ? d1 * d2 : common;
  const width = 300;
  // Very many parts would be slivers: then only the labels are drawn.
  const drawParts = parts <= 24;
  return (
    <svg
      viewBox={`0 0 ${width} ${bars.length * 64}`}
      width={width}
      height={bars.length * 64}
      aria-hidden="true"
      className="max-w-full"
    >
      {bars.map((bar, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
        <g key={r} transform={`translate(0 ${r * 64})`}>
          <text x={0} y={18} fontSize={16} fontWeight={800} fill="#0f172a">
            {bar.label}
          </text>
          {drawParts &&
            // More than a whole (6/5) takes a second bar: each bar is one whole.
            Array.from({ length: Math.max(1, Math.ceil(bar.n / parts)) }, (_, whole) => {
              const wholes = Math.max(1, Math.ceil(bar.n / parts));
              const barWidth = (width - (wholes - 1) * 8) / wholes;
              return Array.from({ length: parts }, (_, i) => (
                <rect
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of a bar
                  key={`${whole}-${i}`}
                  x={whole * (barWidth + 8) + (i * barWidth) / parts}
                  y={26}
                  width={barWidth / parts}
                  height={28}
                  fill={whole * parts + i < bar.n ? (r === 2 ? '#34d399' : '#a5b4fc') : '#ffffff'}
                  stroke="#334155"
                  strokeWidth={1.5}
                />
              ));
            })}
        </g>
      ))}
    </svg>
  );
}
