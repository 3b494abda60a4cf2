import type { Difficulty, Question } from '@mathgames/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Pictures are for the youngest: very easy and easy. */
export function offersShowMe(difficulty: Difficulty): boolean {
  return difficulty === 'çok kolay' || difficulty === 'kolay';
}

const BLUE = '#4338ca';
const AMBER = '#d97706';
const R = 9;
const STEP = 24;

/**
 * "Show me": the question drawn as a model (SVG, nothing downloaded): ten-frames for adding, crossed-out dots for
 * taking away, an array for times, equal groups for sharing, bars split into parts for fractions. One labelled
 * image for screen readers, saying what the picture shows.
 */
export function ShowMe({ question }: { question: Question }) {
  const { t } = useTranslation('gameplay');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const labelId = useId();
  const fractions = typeof question.num1 === 'string';
  const a = fractions ? 0 : Number(question.num1);
  const b = fractions ? 0 : Number(question.num2);
  let label: string;
  let picture: React.ReactNode;
  if (fractions) {
    label = t('showMe.fractions', { left: question.num1, right: question.num2 });
    picture = (
      <FractionModel
        left={String(question.num1)}
        right={String(question.num2)}
        operator={question.operator}
      />
    );
  } else if (question.operator === '+') {
    label = t('showMe.addition', { a, b });
    picture = (
      <TenFrames
        groups={[
          { count: a, colour: BLUE },
          { count: b, colour: AMBER },
        ]}
      />
    );
  } else if (question.operator === '-') {
    label = t('showMe.subtraction', { a, b });
    picture = <TenFrames groups={[{ count: a, colour: BLUE, crossedFrom: a - b }]} />;
  } else if (question.operator === '×') {
    label = t('showMe.multiplication', { a, b });
    picture = <DotArray rows={a} columns={b} />;
  } else {
    label = t('showMe.division', { a, b, groups: a / b });
    picture = <EqualGroups groups={a / b} size={b} />;
  }
  return (
    <div className="mt-3 flex flex-col items-center">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="show-me"
        className="min-h-12 rounded-2xl border-2 border-brand-700 bg-white px-5 text-lg font-bold text-brand-800 hover:bg-brand-50"
      >
        {open ? t('showMe.hide') : t('showMe.show')}
      </button>
      <div id={panelId} hidden={!open} className="mt-3 w-full">
        {open && (
          <figure className="mx-auto max-w-xl rounded-3xl bg-white p-4 shadow-sm" data-testid="show-me-model">
            <div role="img" aria-labelledby={labelId} className="flex justify-center">
              {picture}
            </div>
            <figcaption id={labelId} className="mt-2 text-center text-lg font-semibold text-slate-800">
              {label}
            </figcaption>
          </figure>
        )}
      </div>
    </div>
  );
}

/** A model's drawing: `width` × `height` units drawn `scale` times larger, never wider than its box. */
function ModelSvg({
  width,
  height,
  scale = 1,
  children,
}: {
  width: number;
  height: number;
  scale?: number;
  children: React.ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width * scale}
      height={height * scale}
      aria-hidden="true"
      className="max-w-full"
    >
      {children}
    </svg>
  );
}

/** Dots in frames of ten (two rows of five), each group in its own colour; crossed dots are taken away. */
function TenFrames({ groups }: { groups: Array<{ count: number; colour: string; crossedFrom?: number }> }) {
  const frames: Array<Array<{ colour: string; crossed: boolean } | null>> = [];
  let frame: Array<{ colour: string; crossed: boolean } | null> = [];
  for (const group of groups) {
    for (let i = 0; i < group.count; i++) {
      frame.push({
        colour: group.colour,
        crossed: group.crossedFrom !== undefined && i >= group.crossedFrom,
      });
      if (frame.length === 10) {
        frames.push(frame);
        frame = [];
      }
    }
  }
  if (frame.length > 0) frames.push([...frame, ...new Array(10 - frame.length).fill(null)]);
  const frameWidth = 5 * STEP + 8;
  const perRow = 2;
  const width = Math.min(frames.length, perRow) * (frameWidth + 8);
  const height = Math.ceil(frames.length / perRow) * (2 * STEP + 16);
  return (
    <ModelSvg width={width} height={height} scale={1.3}>
      {frames.map((cells, f) => {
        const fx = (f % perRow) * (frameWidth + 8);
        const fy = Math.floor(f / perRow) * (2 * STEP + 16);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: frames are positions
          <g key={f} transform={`translate(${fx} ${fy})`}>
            <rect
              x={0}
              y={0}
              width={frameWidth}
              height={2 * STEP + 8}
              rx={6}
              fill="#f8fafc"
              stroke="#334155"
            />
            {cells.map((cell, i) => {
              const cx = 4 + (i % 5) * STEP + STEP / 2;
              const cy = 4 + Math.floor(i / 5) * STEP + STEP / 2;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                <g key={i}>
                  {cell && (
                    <circle cx={cx} cy={cy} r={R} fill={cell.colour} opacity={cell.crossed ? 0.35 : 1} />
                  )}
                  {cell?.crossed && (
                    <path
                      d={`M${cx - R} ${cy - R}L${cx + R} ${cy + R}M${cx + R} ${cy - R}L${cx - R} ${cy + R}`}
                      stroke="#b91c1c"
                      strokeWidth={3}
                    />
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </ModelSvg>
  );
}

/** Times as an array: `rows` rows of `columns` dots. */
function DotArray({ rows, columns }: { rows: number; columns: number }) {
  const width = columns * STEP + 8;
  const height = rows * STEP + 8;
  return (
    <ModelSvg width={width} height={height} scale={1.3}>
      {Array.from({ length: rows * columns }, (_, i) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions
          key={i}
          cx={4 + (i % columns) * STEP + STEP / 2}
          cy={4 + Math.floor(i / columns) * STEP + STEP / 2}
          r={R}
          fill={Math.floor(i / columns) % 2 === 0 ? BLUE : AMBER}
        />
      ))}
    </ModelSvg>
  );
}

/** Sharing as equal groups: `groups` circles, each holding `size` dots. */
function EqualGroups({ groups, size }: { groups: number; size: number }) {
  const perGroupRow = Math.min(size, 5);
  const groupWidth = perGroupRow * STEP + 16;
  const groupHeight = Math.ceil(size / 5) * STEP + 16;
  const perRow = Math.min(groups, 5);
  const width = perRow * (groupWidth + 8);
  const height = Math.ceil(groups / perRow) * (groupHeight + 8);
  return (
    <ModelSvg width={width} height={height} scale={1.2}>
      {Array.from({ length: groups }, (_, g) => {
        const gx = (g % perRow) * (groupWidth + 8);
        const gy = Math.floor(g / perRow) * (groupHeight + 8);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups are positions
          <g key={g} transform={`translate(${gx} ${gy})`}>
            <rect
              width={groupWidth}
              height={groupHeight}
              rx={14}
              fill="#eef2ff"
              stroke={BLUE}
              strokeWidth={2}
            />
            {Array.from({ length: size }, (_, i) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions
                key={i}
                cx={8 + (i % 5) * STEP + STEP / 2}
                cy={8 + Math.floor(i / 5) * STEP + STEP / 2}
                r={R}
                fill={BLUE}
              />
            ))}
          </g>
        );
      })}
    </ModelSvg>
  );
}

/** Each fraction as a bar split into its parts with the numerator's parts shaded. */
function FractionModel({ left, right, operator }: { left: string; right: string; operator: string }) {
  const bars = [left, right].map((text) => text.split('/').map(Number) as [number, number]);
  const width = 280;
  return (
    <ModelSvg width={width} height={120}>
      {bars.map(([n, d], row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two fixed rows
        <g key={row} transform={`translate(0 ${row * 64})`}>
          {Array.from({ length: d }, (_, i) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of a bar
              key={i}
              x={(i * width) / d}
              y={4}
              width={width / d}
              height={44}
              fill={i < n ? (row === 0 ? BLUE : AMBER) : '#ffffff'}
              stroke="#334155"
              strokeWidth={2}
            />
          ))}
          {row === 0 && (
            <text x={width / 2} y={62} textAnchor="middle" fontSize={16} fontWeight={800} fill="#0f172a">
              {operator === '-' ? '−' : operator}
            </text>
          )}
        </g>
      ))}
    </ModelSvg>
  );
}
