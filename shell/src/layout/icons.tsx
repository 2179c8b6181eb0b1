import type { ReactNode } from 'react';

/** Stroke icons drawn inline: no icon font or library to load for a dozen glyphs. */
function Svg({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const icons = {
  menu: <Svg><path d="M4 6h16M4 12h16M4 18h16" /></Svg>,
  close: <Svg><path d="M6 6l12 12M18 6L6 18" /></Svg>,
  dashboard: <Svg><path d="M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 7h6V4h-6z" /></Svg>,
  orders: <Svg><path d="M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10" /></Svg>,
  billing: <Svg><path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" /></Svg>,
  payments: <Svg><path d="M3 7h18v12H3zM3 11h18M7 15h3" /></Svg>,
  sales: <Svg><path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM12 7v8M9 10l3-3 3 3" /></Svg>,
  purchases: <Svg><path d="M5 8h14l-1 12H6zM9 8V6a3 3 0 016 0v2" /></Svg>,
  stores: <Svg><path d="M4 9l1.5-5h13L20 9M4 9h16v11H4zM9 20v-6h6v6" /></Svg>,
  inventory: <Svg><path d="M12 16V4M7 9l5-5 5 5M4 20h16" /></Svg>,
  customers: <Svg><path d="M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M17 11a3 3 0 000-6M22 21a6 6 0 00-4-5.6" /></Svg>,
  employees: <Svg><path d="M4 4h16v16H4zM9 10a2 2 0 104 0 2 2 0 00-4 0M7.5 17a4 4 0 017 0M15 8h2M15 11h2" /></Svg>,
  recall: <Svg><path d="M12 3l9.5 17h-19zM12 10v4M12 17.5v.5" /></Svg>,
  verify: <Svg><path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5" /></Svg>,
  settings: <Svg><path d="M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 01-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 010-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 014 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 010 4h-.1a1.7 1.7 0 00-1.5 1z" /></Svg>,
  bell: <Svg><path d="M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0" /></Svg>,
  cart: <Svg><path d="M3 4h2l2.5 11h11L21 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zM18 20a1 1 0 100-2 1 1 0 000 2z" /></Svg>,
  logout: <Svg><path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" /></Svg>,
  search: <Svg size={16}><path d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" /></Svg>,
  chevronDown: <Svg size={16}><path d="M6 9l6 6 6-6" /></Svg>,
  location: <Svg size={16}><path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" /></Svg>,
} as const;

export type IconName = keyof typeof icons;
