import styled from 'styled-components';

/**
 * Text for screen readers only. Naming a control by its content (hidden words + what is seen) instead of aria-label
 * keeps its spoken name and its visible text in step (axe label-content-name-mismatch, WCAG 2.5.3).
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
