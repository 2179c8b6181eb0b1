import type { Ageing, DueAgeing } from 'shared-api';
import { DetailList, formatRupees } from 'shared-ui';

export const AGEING_BUCKETS: readonly { key: keyof Ageing; label: string }[] = [
  { key: 'd0to30Paise', label: '0–30 days' },
  { key: 'd31to60Paise', label: '31–60 days' },
  { key: 'd61to90Paise', label: '61–90 days' },
  { key: 'over90Paise', label: 'Over 90 days' },
];

/** What is open, by how long since the document's date. */
export function AgeingList({ ageing, label }: { ageing: Ageing; label: string }) {
  return (
    <DetailList aria-label={label}>
      {AGEING_BUCKETS.flatMap((b) => [<dt key={`${b.key}-t`}>{b.label}</dt>, <dd key={`${b.key}-d`}>{formatRupees(ageing[b.key])}</dd>])}
    </DetailList>
  );
}

/** Credit terms (issue 39): the same amounts by days past their due date; "not yet due" (due today or later) first. */
export const DUE_AGEING_BUCKETS: readonly { key: keyof DueAgeing; label: string }[] = [
  { key: 'notDuePaise', label: 'Not yet due' },
  { key: 'd0to30Paise', label: '1–30 days overdue' },
  { key: 'd31to60Paise', label: '31–60 days overdue' },
  { key: 'd61to90Paise', label: '61–90 days overdue' },
  { key: 'over90Paise', label: 'Over 90 days overdue' },
];

/** What is open, by how long past its due date. */
export function DueAgeingList({ ageing, label }: { ageing: DueAgeing; label: string }) {
  return (
    <DetailList aria-label={label}>
      {DUE_AGEING_BUCKETS.flatMap((b) => [<dt key={`${b.key}-t`}>{b.label}</dt>, <dd key={`${b.key}-d`}>{formatRupees(ageing[b.key])}</dd>])}
    </DetailList>
  );
}
