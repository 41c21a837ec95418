/** MarqueeLogo: a small marquee sign with light bulbs, drawn for Marquee. Decorative. */
export function MarqueeLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="6" width="28" height="20" rx="4" fill="#312e81" />
      <rect x="6" y="10" width="20" height="12" rx="2" fill="#f5c542" />
      <path d="M10 19v-6l3 4 3-4v6M19 13l3 6 3-6" stroke="#312e81" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      {[5, 9, 13, 17, 21, 25].map((x) => (
        <circle key={`t${x}`} cx={x + 1} cy="8" r="1" fill="#fde68a" />
      ))}
      {[5, 9, 13, 17, 21, 25].map((x) => (
        <circle key={`b${x}`} cx={x + 1} cy="24" r="1" fill="#fde68a" />
      ))}
    </svg>
  );
}
