import { useSearchParams } from 'react-router-dom';

/**
 * The query parameters of Receive and Make Payments (SPEC: screens keep their state in the query string, so every
 * view can be linked): `?tab=` (the first tab is the default and leaves no parameter), `?party=` and `?request=`.
 */
export function useTabParams<Id extends string>(tabs: readonly { id: Id; label: string }[]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const current = tabs.find((t) => t.id === raw) ?? tabs[0]!;

  function go(change: (url: URLSearchParams) => void) {
    const url = new URLSearchParams(params);
    change(url);
    setParams(url);
  }
  // Tabs hands back any string id; an unknown one reads as the first tab.
  const select = (id: string) =>
    go((url) => {
      for (const key of ['party', 'request', 'status']) url.delete(key);
      if (id === tabs[0]!.id) url.delete('tab');
      else url.set('tab', id);
    });

  return { tab: current.id, label: current.label, party: params.get('party') || undefined, request: params.get('request') || undefined, go, select };
}
