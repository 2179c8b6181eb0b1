import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MARKETPLACE_PATHS, MIN_SEARCH_LENGTH, SUGGEST_DEBOUNCE_MS, type SuggestResult } from 'shared-api';
import { api, fetcher } from 'shared-auth';
import { sanitizeSearch, theme } from 'shared-ui';
import useSWR from 'swr';
import { useBasePath } from './base-path';
import { icons } from './icons';
import { useClickOutside } from './use-click-outside';

export const SEARCH_HINT = 'Enter at least 3 characters to search';
export const SEARCHING = 'Searching...';
export const NO_RESULTS = 'No results found';

const Box = styled.div<{ $fill: boolean }>`
  position: relative;
  width: ${({ $fill }) => ($fill ? '100%' : 'min(360px, 32vw)')};
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
    /* The input draws no outline of its own: the pill around it shows where focus is. */
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 1px;
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

const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${theme.space.xs} 0;
  li button {
    display: flex;
    justify-content: space-between;
    gap: ${theme.space.md};
    width: 100%;
    padding: ${theme.space.sm} ${theme.space.md};
    border: 0;
    background: transparent;
    font: inherit;
    color: ${theme.colors.text};
    text-align: left;
    cursor: pointer;
  }
  li button:hover,
  li button:focus-visible {
    background: ${theme.colors.surfaceMuted};
  }
  /* Inside the panel's rounded, scrolling box an outer outline would be cut off. */
  li button:focus-visible {
    outline-offset: -2px;
  }
  small {
    color: ${theme.colors.textMuted};
    white-space: nowrap;
  }
`;

type Suggestions = { query: string; result: SuggestResult | null; failed: boolean };

/** Suggestions for the query after a pause in typing (SPEC.md §9: 200 ms); a newer query cancels an older one. */
function useSuggestions(query: string): Suggestions {
  const [state, setState] = useState<Suggestions>({ query: '', result: null, failed: false });
  useEffect(() => {
    if (query.length < MIN_SEARCH_LENGTH) return;
    let current = true;
    const timer = setTimeout(() => {
      api
        .post<SuggestResult>(MARKETPLACE_PATHS.suggest, { suggest: query, type: 'ALL', subType: 'ALL' })
        .then((result) => current && setState({ query, result, failed: false }))
        .catch(() => current && setState({ query, result: null, failed: true }));
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return state;
}

/**
 * Header product search (RETAILER and HOSPITAL, SPEC.md §2, §5): anything but letters, digits and spaces is
 * stripped as typed; under 3 characters a hint shows; from 3, suggestions after a 200 ms pause ("Searching..."
 * until they arrive, "No results found" when none); an empty box lists recent searches. Enter, a suggestion or a
 * recent search opens /search?q=… and clears the box. The panel closes on Escape, on a press outside and after a
 * choice, and opens again on typing or on pressing the box.
 */
export function SearchBox({ fill = false, onDone }: { /** Fills its container (the phone's search over the header). */ fill?: boolean; /** After a search is opened. */ onDone?: () => void }) {
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const dismiss = useCallback(() => setDismissed(true), []);
  useClickOutside(boxRef, focused && !dismissed, dismiss);
  const navigate = useNavigate();
  const base = useBasePath();
  const query = value.trim();
  const suggestions = useSuggestions(query);
  const { data: recent } = useSWR<string[]>(focused && !dismissed && value === '' ? MARKETPLACE_PATHS.searchHistory : null, fetcher);

  function open(q: string, productId?: string) {
    const product = productId ? `&product=${encodeURIComponent(productId)}` : '';
    navigate(`${base}/search?q=${encodeURIComponent(q)}${product}`);
    setValue('');
    setDismissed(true);
    onDone?.();
  }

  /**
   * The panel's choices are buttons after the box: Tab or the arrow keys reach them (arrows move between the box and
   * the choices), Escape from a choice closes the panel and goes back to the box.
   */
  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const input = boxRef.current?.querySelector('input');
    const stops = [input, ...Array.from(boxRef.current?.querySelectorAll<HTMLButtonElement>('li button') ?? [])].filter((el): el is HTMLInputElement | HTMLButtonElement => !!el);
    const at = stops.indexOf(document.activeElement as HTMLInputElement);
    if (event.key === 'Escape' && at > 0) {
      event.stopPropagation();
      // Focus first: the box's onFocus opens the panel, and the later update closes it again.
      input?.focus();
      setDismissed(true);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && stops.length > 1 && at >= 0) {
      event.preventDefault();
      stops[(at + (event.key === 'ArrowDown' ? 1 : stops.length - 1)) % stops.length]?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && !dismissed) {
      // The first Escape closes the panel; a next one reaches whatever holds the box (the phone's search closes).
      event.stopPropagation();
      setDismissed(true);
      return;
    }
    if (event.key !== 'Enter' || query.length < MIN_SEARCH_LENGTH) return;
    // Without this the key's keypress would land on whatever takes focus next (the phone's search button: it reopens).
    event.preventDefault();
    open(query);
  }

  const showPanel = focused && !dismissed;
  let panel = null;
  if (showPanel && value === '') {
    if (recent?.length) {
      panel = (
        <Hint>
          <Options aria-label="Recent searches">
            {recent.map((q) => (
              // mousedown: picks before the input's blur closes the panel
              <li key={q}>
                <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => open(q)}>
                  {q}
                  <small>recent</small>
                </button>
              </li>
            ))}
          </Options>
        </Hint>
      );
    } else panel = <Hint role="status">{SEARCH_HINT}</Hint>;
  } else if (showPanel && query.length < MIN_SEARCH_LENGTH) panel = <Hint role="status">{SEARCH_HINT}</Hint>;
  else if (showPanel) {
    const ready = suggestions.query === query;
    if (!ready) panel = <Hint role="status">{SEARCHING}</Hint>;
    else if (suggestions.failed || !suggestions.result?.suggestors.length) panel = <Hint role="status">{NO_RESULTS}</Hint>;
    else
      panel = (
        <Hint>
          <Options aria-label="Suggestions">
            {suggestions.result.suggestors.map((s) => (
              <li key={s.productId}>
                <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => open(s.name, s.productId)}>
                  {s.suggestion}
                  <small>
                    {s.stockists} stockist{s.stockists === 1 ? '' : 's'}
                  </small>
                </button>
              </li>
            ))}
          </Options>
        </Hint>
      );
  }

  return (
    <Box
      ref={boxRef}
      $fill={fill}
      onKeyDown={onPanelKeyDown}
      // Focus moving from the box to one of its choices keeps the panel open; leaving the whole box closes it.
      onBlur={(e) => {
        if (!boxRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Field>
        {icons.search}
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search products (at least 3 characters)"
          value={value}
          onChange={(e) => {
            setValue(sanitizeSearch(e.target.value));
            setDismissed(false);
          }}
          onKeyDown={onKeyDown}
          onMouseDown={() => setDismissed(false)}
          onFocus={() => {
            setFocused(true);
            setDismissed(false);
          }}
        />
      </Field>
      {panel}
    </Box>
  );
}
