import { Center, Loader, AppShell as MantineAppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { PageBoundary } from '../../app/page-boundary.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/skip-link.tsx';
import { useLiveChannel } from '../live/use-live-channel.ts';
import { useWorkspaceLoss } from '../members/use-workspace-loss.ts';
import { useIsPartner } from '../partners/queries.ts';
import { companySelectRedirect, parseCompanyId } from './company-gate.ts';
import { ShellBanners } from './shell-banners.tsx';
import { Sidebar } from './sidebar.tsx';
import { sidebarEntries } from './sidebar-entries.ts';
import { TopBar } from './top-bar.tsx';
import { useAccountGuard } from './use-account-guard.ts';
import { useSidebarCollapse } from './use-sidebar-collapse.ts';
import { useSyncCurrentAccount } from './use-sync-current-account.ts';

const NAVBAR_WIDTH = 248;
const NAVBAR_COLLAPSED_WIDTH = 76;

/** Layout of /c/:companyId/*: sends /c/0 pages that need a workspace to the workspaces page first. */
export function AppShell() {
  const { companyId: raw } = useParams();
  const { pathname, search } = useLocation();
  const companyId = parseCompanyId(raw);
  if (companyId === null) return <Navigate to="/c/0/company-select" replace />;
  const redirect = companySelectRedirect(companyId, pathname, search);
  if (redirect) return <Navigate to={redirect} replace />;
  return <ShellLayout key={companyId} companyId={companyId} />;
}

function ShellLayout({ companyId }: { companyId: number }) {
  const { pathname } = useLocation();
  const { data, isPending } = useAccountGuard(companyId);
  const { collapsed, toggle } = useSidebarCollapse();
  const [mobileOpened, mobile] = useDisclosure(false);
  const account = data?.account;
  useSyncCurrentAccount(companyId, Boolean(data));
  // Removed from the workspace while its pages are open: a notice, then the workspaces page.
  const onAccessLost = useWorkspaceLoss(companyId);
  const live = useLiveChannel(data ? companyId : 0, onAccessLost);
  const partner = useIsPartner();
  const entries = sidebarEntries({
    companyId,
    roleId: account?.role_id,
    abilities: data?.abilities,
    partner,
  });
  const loading = companyId > 0 && isPending;

  return (
    <MantineAppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{
        width: collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <SkipLink />
      <MantineAppShell.Header>
        <TopBar
          companyId={companyId}
          accountName={account ? account.name || account.company_name : null}
          roleId={account?.role_id ?? null}
          liveState={companyId > 0 && data ? live : null}
          mobileOpened={mobileOpened}
          onToggleMobile={mobile.toggle}
        />
      </MantineAppShell.Header>
      <MantineAppShell.Navbar aria-label="Sidebar">
        <Sidebar
          companyId={companyId}
          entries={loading ? [] : entries}
          collapsed={collapsed && !mobileOpened}
          onToggle={toggle}
          showPoweredBy={!account?.hide_powered_by}
          onNavigate={mobile.close}
        />
      </MantineAppShell.Navbar>
      {/* Focusable so the skip link moves the keyboard there, not only the view. */}
      <MantineAppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="var(--mantine-color-gray-0)">
        <ShellBanners />
        {loading ? (
          <Center mih={240}>
            <Loader aria-label="Loading workspace" />
          </Center>
        ) : (
          <PageBoundary resetKey={pathname} minHeight={240}>
            <Outlet />
          </PageBoundary>
        )}
      </MantineAppShell.Main>
    </MantineAppShell>
  );
}
