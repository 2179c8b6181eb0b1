import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number; $color: string }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid ${theme.colors.border};
  border-top-color: ${({ $color }) => $color};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  vertical-align: middle;
  flex-shrink: 0;
`;

export interface SpinnerProps {
  size?: number;
  /** Read by screen readers. */
  label?: string;
  color?: string;
}

export function Spinner({ size = 24, label = 'Loading', color = theme.colors.primary }: SpinnerProps) {
  return <Ring role="status" aria-label={label} $size={size} $color={color} />;
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.spinner};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.md};
  background: ${theme.colors.background};
  color: ${theme.colors.textMuted};
`;

/** Covers the page while the session or user details load (SPEC §2). */
export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Overlay>
      <Spinner size={48} label={label} />
      <span aria-hidden="true">{label}</span>
    </Overlay>
  );
}
