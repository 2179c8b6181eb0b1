import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { sanitizeSearch, theme } from 'shared-ui';
import { useBasePath } from './base-path';
import { icons } from './icons';

/** SPEC.md §9: minimum search length. */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_HINT = 'Enter at least 3 characters to search';

const Box = styled.div`
  position: relative;
  width: min(360px, 32vw);
`;
const Field = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  height: 36px;
  padding: 0 ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
  &:focus-within {
    border-color: ${theme.colors.primary};
    background: ${theme.colors.surface};
  }
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    outline: none;
    background: transparent;
    font: inherit;
    color: ${theme.colors.text};
  }
`;
const Hint = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.md};
  z-index: ${theme.zIndex.dropdown};
`;

/**
 * Header product search (RETAILER and HOSPITAL, SPEC.md §2, §5): anything but letters, digits and spaces is
 * stripped as typed; under 3 characters a hint shows; Enter opens /search?q=… and clears the box.
 * Suggestions and recent searches arrive with the marketplace issue.
 */
export function SearchBox() {
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const navigate = useNavigate();
  const base = useBasePath();
  const query = value.trim();

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || query.length < MIN_SEARCH_LENGTH) return;
    navigate(`${base}/search?q=${encodeURIComponent(query)}`);
    setValue('');
  }

  return (
    <Box>
      <Field>
        {icons.search}
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search products (at least 3 characters)"
          value={value}
          onChange={(e) => setValue(sanitizeSearch(e.target.value))}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </Field>
      {focused && query.length < MIN_SEARCH_LENGTH && <Hint role="status">{SEARCH_HINT}</Hint>}
    </Box>
  );
}
