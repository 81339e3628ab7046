interface LogoMarkProps {
  size?: number;
}

/** The Crossarm mark: a utility pole's crossarm with its insulators, on the accent colour. */
export function LogoMark({ size = 28 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
      <g fill="#fff">
        <rect x="14.6" y="5" width="2.8" height="23" rx="1.2" />
        <rect x="4.5" y="9" width="23" height="2.8" rx="1.4" />
        <circle cx="7" cy="7.4" r="1.7" />
        <circle cx="11.5" cy="7.4" r="1.7" />
        <circle cx="20.5" cy="7.4" r="1.7" />
        <circle cx="25" cy="7.4" r="1.7" />
      </g>
      <path
        d="M9.5 11.5 14.6 16.5M22.5 11.5 17.4 16.5"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
