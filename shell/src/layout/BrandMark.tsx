/** Caliber's mark: a pulse line in a rounded square. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--primary)" />
      <path
        d="M7 17h4.5l2.2-6.5 3.3 12 2.3-5.5H25"
        fill="none"
        stroke="var(--primary-text)"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
