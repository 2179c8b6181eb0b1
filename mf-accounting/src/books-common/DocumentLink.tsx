import { Link } from 'react-router-dom';
import { documentPath } from './documents';

/** A document number, linked to its screen when there is one; "—" when the voucher has no document. */
export function DocumentLink({ documentType, documentId, documentNumber }: { documentType: string; documentId: string | null; documentNumber: string | null }) {
  if (!documentNumber) return <>—</>;
  const to = documentPath(documentType, documentId);
  return to ? (
    <Link to={to} onClick={(e) => e.stopPropagation()}>
      {documentNumber}
    </Link>
  ) : (
    <>{documentNumber}</>
  );
}
