import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

/** Base document styles; rendered once by the shell (and by DevShell when a remote runs alone). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
  h1, h2, h3, h4 { margin: 0; line-height: 1.25; }
`;
