import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Spinner } from 'shared-ui';
import { api, type QueryParams } from './client';

const Img = styled.img`
  display: block;
  max-width: 100%;
  height: auto;
  image-rendering: pixelated;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0;
`;

export interface ApiImageProps {
  /** An API path answering an image (a QR code, a memo photo), fetched with the session's token. */
  path: string;
  params?: QueryParams;
  alt: string;
  width?: number;
}

/**
 * An image the API serves to the signed-in unit only: an <img src> to the API would carry no bearer token, so the
 * bytes are fetched through the one client and shown from an object URL (released when the image goes).
 */
export function ApiImage({ path, params, alt, width = 240 }: ApiImageProps) {
  const [state, setState] = useState<({ url: string } | { error: string }) & { key: string }>();
  const key = `${path}?${JSON.stringify(params ?? {})}`;
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    api.blob(path, params).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ key, url });
      },
      (error: unknown) => live && setState({ key, error: error instanceof Error ? error.message : 'The image could not be loaded' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // key stands for path and params
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!state || state.key !== key) return <Spinner label={`Loading ${alt}`} />;
  if ('error' in state) return <Problem role="alert">{state.error}</Problem>;
  return <Img src={state.url} alt={alt} width={width} height={width} />;
}
