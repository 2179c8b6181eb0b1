import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '../theme';

export interface Crumb {
  label: string;
  /** A router path (rendered as a react-router Link); without it the crumb is plain text. */
  to?: string;
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;
const List = styled.ol`
  display: contents;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space.xs};
  }
  a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  [aria-current='page'] {
    color: ${theme.colors.text};
    font-weight: ${theme.fontWeights.medium};
  }
`;

/** SPEC §2: the trail is headed "You're here:". The last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Nav aria-label="Breadcrumb">
      <span>You&apos;re here:</span>
      <List>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {index > 0 && <span aria-hidden="true">›</span>}
              {crumb.to ? (
                <Link to={crumb.to} aria-current={isLast ? 'page' : undefined}>
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={isLast ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </List>
    </Nav>
  );
}

export const PageTitle = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.text};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.lg};
`;
const TitleBlock = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;
  gap: ${theme.space.xs};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

export interface PageHeaderProps {
  title: string;
  crumbs: readonly Crumb[];
  /** Buttons on the right (e.g. "Register employee"). */
  actions?: ReactNode;
}

/** Every page renders its own header, so navigation inside a remote updates title and breadcrumb. */
export function PageHeader({ title, crumbs, actions }: PageHeaderProps) {
  return (
    <Header>
      <TitleBlock>
        {crumbs.length > 0 && <Breadcrumb crumbs={crumbs} />}
        <PageTitle>{title}</PageTitle>
      </TitleBlock>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}

