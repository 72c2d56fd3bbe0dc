/** Fieldbook's mark (the favicon's "F"): the home link on a phone, where the name does not fit. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32">
      <rect width="32" height="32" rx="6" fill="#1864ab" />
      <path d="M9 8h14v4H14v3h8v4h-8v5H9z" fill="#fff" />
    </svg>
  );
}
