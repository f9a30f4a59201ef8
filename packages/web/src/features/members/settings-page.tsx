import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title.tsx';
import { parseCompanyId } from '../shell/company-gate.ts';
import { useAccountMe } from '../shell/queries.ts';
import { MembersSection } from './members-section.tsx';
import { useMembers, useWorkspaceProfile } from './queries.ts';
import { useSettingsGuard } from './use-settings-guard.ts';
import { WorkspaceProfileForm } from './workspace-profile-form.tsx';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'members', label: 'Members' },
];

/** /c/:companyId/settings/*: the workspace's profile and members, for its admins only. */
export function SettingsPage() {
  const companyId = parseCompanyId(useParams().companyId) ?? 0;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useAccountMe(companyId);
  const admin = me.data?.abilities.manage_settings === true;
  // Read here too, so a refusal (a role taken away meanwhile) sends the user off like a non-admin.
  const profile = useWorkspaceProfile(companyId, admin);
  const members = useMembers(companyId, admin);
  const allowed = useSettingsGuard(companyId, [profile.error, members.error]);
  const tab = /\/settings\/members/.test(pathname) ? 'members' : 'profile';

  return (
    <Stack gap="lg">
      <PageTitle>Workspace Settings</PageTitle>
      {!allowed ? (
        <Center mih={160}>
          <Loader aria-label="Loading settings" />
        </Center>
      ) : (
        <>
          <Tabs value={tab} onChange={(value) => value && navigate(`/c/${companyId}/settings/${value}`)}>
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Routes>
            <Route path="profile" element={<WorkspaceProfileForm companyId={companyId} />} />
            <Route
              path="members"
              element={<MembersSection companyId={companyId} userId={me.data?.user.id ?? 0} />}
            />
            <Route path="*" element={<Navigate to="profile" replace />} />
          </Routes>
        </>
      )}
    </Stack>
  );
}
