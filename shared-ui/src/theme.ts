/**
 * The one theme object. shared-ui components read it directly (so they render even without a ThemeProvider,
 * e.g. in a remote's unit test); apps pass it to styled-components' ThemeProvider for their own styles
 * (shared-auth's AppProviders does). Calm teal/blue for a pharma back office; unmistakable red and green.
 */
export const theme = {
  colors: {
    primary: '#0e7490',
    primaryHover: '#155e75',
    primarySoft: '#e0f2f7',
    danger: '#c62828',
    dangerHover: '#a31f1f',
    dangerSoft: '#fdecea',
    success: '#2e7d32',
    successSoft: '#e8f5e9',
    // Dark enough for 4.5:1 on warningSoft and on white with small bold text (WCAG AA); #b26a00 was 3.9:1.
    warning: '#8a5100',
    warningSoft: '#fff4e0',
    info: '#1565c0',
    infoSoft: '#e8f0fb',
    text: '#1f2933',
    textMuted: '#52606d',
    textOnPrimary: '#ffffff',
    border: '#d9e2ec',
    borderStrong: '#9aa5b1',
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceMuted: '#f0f4f8',
    // The focus ring: 3:1 or more against white and the page background (WCAG 1.4.11); #38bdf8 was 2.1:1.
    focus: '#1d4ed8',
    overlay: 'rgba(15, 23, 42, 0.45)',
  },
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  fonts: {
    body: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    mono: "'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
  fontWeights: { regular: 400, medium: 500, bold: 600 },
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.12)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.2)',
  },
  /** Stacking order, lowest first; toasts sit above modals so an error during a dialog is still seen. */
  /** Below this width (phones, small tablets upright) the header collapses, the navigation is a drawer, tables scroll. */
  media: { phone: '(max-width: 767px)' },
  zIndex: { content: 1, nav: 100, header: 110, dropdown: 200, modal: 1000, spinner: 1100, toast: 1200 },
  /** SPEC §9 layout constants, in px (numbers so they can be used in arithmetic). */
  layout: { navCollapsed: 64, navOpen: 270, header: 60 },
} as const;

export type Theme = typeof theme;

// Typed `props.theme` in every styled component of every app that imports shared-ui.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
