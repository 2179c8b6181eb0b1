import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, theme } from 'shared-ui';
import { ERROR_MESSAGES, errorTitle } from './error-titles';

/** The full-screen frame of both error pages (this one and the rendering-failure page). */
export const ErrorFrame = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.md};
  min-height: 100vh;
  padding: ${theme.space.xl};
  text-align: center;
`;
const Code = styled.p`
  margin: 0;
  font-size: 64px;
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.primary};
`;
const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
`;
const Text = styled.p`
  margin: 0;
  max-width: 480px;
  color: ${theme.colors.textMuted};
`;

/** /errors/:code (SPEC.md §2) with a Go back button; with no page to go back to, it goes home. */
export function ErrorPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const title = errorTitle(code);

  function goBack() {
    // history.state.idx is react-router's position in this tab's history: 0 means this page was opened first.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }

  return (
    <ErrorFrame>
      <Code>{code}</Code>
      <Title>{title}</Title>
      {code && ERROR_MESSAGES[code] && <Text>{ERROR_MESSAGES[code]}</Text>}
      <Button type="button" onClick={goBack}>
        Go back
      </Button>
    </ErrorFrame>
  );
}
