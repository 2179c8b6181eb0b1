import styled, { keyframes } from 'styled-components';
import { theme } from '../theme';

const Track = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
  overflow: hidden;
`;
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;
const Fill = styled.div<{ $indeterminate: boolean }>`
  height: 100%;
  background: ${theme.colors.primary};
  transition: width 0.2s;
  ${({ $indeterminate }) => ($indeterminate ? 'width: 40% !important;' : '')}
  animation: ${({ $indeterminate }) => ($indeterminate ? slide : 'none')} 1.2s linear infinite;
`;

/** `fraction` 0–1 while bytes go up; null: sent, the server is reading and storing (no figure to show). */
export function ProgressBar({ fraction, label }: { fraction: number | null; label: string }) {
  const percent = fraction === null ? undefined : Math.round(fraction * 100);
  return (
    <div>
      <div style={{ marginBottom: 4 }}>{percent === undefined ? label : `${label} ${percent}%`}</div>
      <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <Fill $indeterminate={percent === undefined} style={{ width: `${percent ?? 0}%` }} />
      </Track>
    </div>
  );
}
