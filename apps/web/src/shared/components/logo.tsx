import type { ReactNode } from 'react';

/**
 * The product mark: the same SVG as the favicon, so the tab and the page agree. Plain markup
 * (no antd Typography) because the login page ships it on first load.
 */
export function Logo({ size = 28, showName = true, inverse = false, mark }: LogoProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, whiteSpace: 'nowrap' }}>
      {mark ?? (
        <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1668dc" />
          <g fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round">
            <path d="M9 13.5a10 10 0 0 1 14 0" />
            <path d="M12 17a5.5 5.5 0 0 1 8 0" />
          </g>
          <circle cx="16" cy="21.5" r="2" fill="#fff" />
        </svg>
      )}
      {showName && (
        <span
          className="logo-name"
          style={{
            fontSize: Math.round(size * 0.62),
            fontWeight: 600,
            letterSpacing: 0.2,
            color: inverse ? '#fff' : 'rgba(0, 0, 0, 0.88)',
          }}
        >
          NetConsole
        </span>
      )}
    </span>
  );
}

interface LogoProps {
  size?: number;
  showName?: boolean;
  inverse?: boolean;
  /** Shown instead of the product icon: a tenant's own logo. */
  mark?: ReactNode;
}
