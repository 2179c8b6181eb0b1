import { useState } from 'react';
import styled from 'styled-components';
import { initials } from './format';
import { theme } from './theme';

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primaryHover};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  font-weight: ${theme.fontWeights.bold};
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  /** Photo URL; empty or broken → initials (SPEC §3). */
  src?: string | null;
  size?: number;
}

export function Avatar({ firstName, lastName, src, size = 40 }: AvatarProps) {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  // Remember which URL failed, so a new `src` gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <Circle $size={size} role={showImage ? undefined : 'img'} aria-label={showImage ? undefined : name || 'User'}>
      {showImage ? (
        <img src={src ?? undefined} alt={name || 'User'} onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span aria-hidden="true">{initials(firstName, lastName) || '?'}</span>
      )}
    </Circle>
  );
}
