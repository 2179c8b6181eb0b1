import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { useProfile } from './profile-api';

const Banner = styled.div<{ $tone: 'warning' | 'danger' | 'info' }>`
  margin: 0 0 ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${(p) => (p.$tone === 'danger' ? '#fdecea' : p.$tone === 'warning' ? theme.colors.warningSoft : theme.colors.infoSoft)};
  color: ${(p) => (p.$tone === 'danger' ? theme.colors.danger : p.$tone === 'warning' ? theme.colors.warning : theme.colors.text)};
`;

/**
 * Above every signed-in page: an account not yet verified sees its status (awaiting verification, or the reason
 * staff gave for rejecting it) — it can look around but not trade. Staff see the way to the verification queue.
 */
export function VerificationBanner() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const { data } = useProfile();
  if (data?.isStaff) {
    return (
      <Banner $tone="info" role="note">
        Back office: <Link to={`${base}/staff/verifications`}>open the verification queue</Link>
      </Banner>
    );
  }
  const application = data?.application;
  // The account summary may come from the cache: a fresh APPROVED application wins.
  if (account.activated || application?.status === 'APPROVED') return null;
  if (application?.status === 'REJECTED') {
    return (
      <Banner $tone="danger" role="alert">
        <strong>Your registration was not approved.</strong> Reason: {application.rejectionReason}. Trading is not available for this account.
      </Banner>
    );
  }
  return (
    <Banner $tone="warning" role="status">
      <strong>Your account is awaiting verification.</strong> Our team is checking your licences; you can trade once it is verified. See your{' '}
      <Link to={`${base}/profile`}>profile</Link> for what you submitted.
    </Banner>
  );
}
