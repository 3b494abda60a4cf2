/** The product mark: a friendly rounded square with plus and times signs. */
export function LogoMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="14" fill="#4f46e5" />
      <path d="M15 10v12M9 16h12" stroke="#fde047" strokeWidth="4" strokeLinecap="round" />
      <path d="M29 11l8 8M37 11l-8 8" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M9 33h12" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <circle cx="33" cy="29" r="2.4" fill="#86efac" />
      <path d="M27 33h12" stroke="#86efac" strokeWidth="4" strokeLinecap="round" />
      <circle cx="33" cy="37.5" r="2.4" fill="#86efac" />
    </svg>
  );
}
