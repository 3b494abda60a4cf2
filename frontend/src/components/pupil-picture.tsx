import { PUPIL_PICTURE_NAMES, type PupilPicture } from '@mathgames/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '../lib/i18n/i18n.js';

// Drawn for the product: bold shapes a six-year-old tells apart at a glance, distinct in shape as well as colour.
const DRAWINGS: Record<PupilPicture, ReactNode> = {
  sun: (
    <>
      <circle cx="32" cy="32" r="13" fill="#f59e0b" />
      <g stroke="#f59e0b" strokeWidth="5" strokeLinecap="round">
        <path d="M32 5v8M32 51v8M5 32h8M51 32h8M13 13l6 6M45 45l6 6M51 13l-6 6M13 51l6-6" />
      </g>
    </>
  ),
  star: (
    <path
      d="M32 5l8 18 19 2-14 13 4 19-17-10-17 10 4-19L5 25l19-2z"
      fill="#eab308"
      stroke="#a16207"
      strokeWidth="2"
    />
  ),
  moon: <path d="M40 6a26 26 0 1 0 18 40A22 22 0 0 1 40 6z" fill="#6366f1" />,
  heart: <path d="M32 56S6 40 6 22a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 18-26 34-26 34z" fill="#e11d48" />,
  apple: (
    <>
      <path
        d="M32 18c-8-6-24-4-24 14 0 14 10 26 18 26 3 0 4-2 6-2s3 2 6 2c8 0 18-12 18-26 0-18-16-20-24-14z"
        fill="#dc2626"
      />
      <path d="M32 18c0-6 2-10 6-12" stroke="#78350f" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M36 12c6-4 12-2 12-2s-2 8-12 6z" fill="#16a34a" />
    </>
  ),
  tree: (
    <>
      <rect x="28" y="40" width="8" height="18" rx="2" fill="#92400e" />
      <path d="M32 4L10 44h44z" fill="#15803d" />
    </>
  ),
  fish: (
    <>
      <path d="M6 32c10-14 30-16 42 0-12 16-32 14-42 0z" fill="#0ea5e9" />
      <path d="M46 32l14-12v24z" fill="#0369a1" />
      <circle cx="18" cy="29" r="3" fill="#0f172a" />
    </>
  ),
  car: (
    <>
      <path d="M6 38l6-14h32l8 14h6v10H6z" fill="#2563eb" />
      <path d="M16 27h12v9H13zM32 27h10l5 9H32z" fill="#bfdbfe" />
      <circle cx="18" cy="50" r="6" fill="#0f172a" />
      <circle cx="46" cy="50" r="6" fill="#0f172a" />
    </>
  ),
  flower: (
    <>
      <path d="M32 36v22" stroke="#16a34a" strokeWidth="5" strokeLinecap="round" />
      <g fill="#ec4899">
        <circle cx="32" cy="14" r="9" />
        <circle cx="45" cy="24" r="9" />
        <circle cx="40" cy="38" r="9" />
        <circle cx="24" cy="38" r="9" />
        <circle cx="19" cy="24" r="9" />
      </g>
      <circle cx="32" cy="27" r="7" fill="#fde047" />
    </>
  ),
  cat: (
    <>
      <path d="M12 8l12 14h16L52 8v30a20 18 0 0 1-40 0z" fill="#f97316" />
      <circle cx="24" cy="34" r="4" fill="#0f172a" />
      <circle cx="40" cy="34" r="4" fill="#0f172a" />
      <path d="M29 44h6l-3 4z" fill="#be123c" />
      <path d="M4 42h14M4 48h14M46 42h14M46 48h14" stroke="#7c2d12" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  ball: (
    <>
      <circle cx="32" cy="32" r="26" fill="#f8fafc" stroke="#0f172a" strokeWidth="3" />
      <path d="M32 20l11 8-4 13H25l-4-13z" fill="#0f172a" />
      <path d="M32 6v14M43 28l13-5M39 41l8 11M25 41l-8 11M21 28L8 23" stroke="#0f172a" strokeWidth="3" />
    </>
  ),
  house: (
    <>
      <path d="M6 30L32 8l26 22z" fill="#b91c1c" />
      <rect x="12" y="30" width="40" height="28" fill="#facc15" />
      <rect x="27" y="40" width="10" height="18" fill="#7c2d12" />
      <rect x="16" y="36" width="8" height="8" fill="#bae6fd" />
      <rect x="40" y="36" width="8" height="8" fill="#bae6fd" />
    </>
  ),
};

/** One picture of a picture password, named in the page language for screen readers (or hidden when decorative). */
export function PupilPictureImage({
  picture,
  className = 'size-12',
  decorative = false,
}: {
  picture: PupilPicture;
  className?: string;
  decorative?: boolean;
}) {
  const { i18n } = useTranslation();
  const name = PUPIL_PICTURE_NAMES[toLang(i18n.resolvedLanguage)][picture];
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
      data-picture={picture}
    >
      {DRAWINGS[picture]}
    </svg>
  );
}

/** The pictures in order (three, or two on an older card), with their names written under them (a teacher reads them out). */
export function PicturePasswordView({ pictures }: { pictures: readonly PupilPicture[] }) {
  const { i18n } = useTranslation();
  const names = PUPIL_PICTURE_NAMES[toLang(i18n.resolvedLanguage)];
  return (
    <ol className="flex items-center gap-3" data-testid="picture-password">
      {pictures.map((picture, i) => (
        <li key={picture} className="flex flex-col items-center">
          <span className="sr-only">{i + 1}. </span>
          <PupilPictureImage picture={picture} decorative />
          <span className="text-sm font-bold text-slate-800">{names[picture]}</span>
        </li>
      ))}
    </ol>
  );
}
