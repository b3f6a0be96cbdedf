import type { ReactNode } from 'react';

/*
 * The few line icons the shop draws, inline (no icon library in the bundle for six glyphs): 24×24 strokes in the
 * text's colour, hidden from assistive technology (the control around each says what it does).
 */

function LineIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const CartIcon = ({ size = 18 }: { size?: number }) => (
  <LineIcon size={size}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2.5 3.5h2.6l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1l1.9-7.3H6.1" />
  </LineIcon>
);

export const TrashIcon = () => (
  <LineIcon size={16}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </LineIcon>
);

export const UserIcon = () => (
  <LineIcon size={18}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </LineIcon>
);

export const LogoutIcon = () => (
  <LineIcon size={18}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4" />
    <path d="M6 12h10" />
  </LineIcon>
);

export const CopyIcon = () => (
  <LineIcon size={14}>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </LineIcon>
);

export const CheckIcon = () => (
  <LineIcon size={14}>
    <polyline points="20 6 9 17 4 12" />
  </LineIcon>
);

export const OrdersIcon = () => (
  <LineIcon size={18}>
    <path d="M9 4h6l1 2h3v15H5V6h3z" />
    <path d="M9 12h6M9 16h4" />
  </LineIcon>
);

export const BillIcon = () => (
  <LineIcon size={18}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </LineIcon>
);

export const MenuIcon = () => (
  <LineIcon size={20}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </LineIcon>
);
