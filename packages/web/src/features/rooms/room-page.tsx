import { ROOM_MESSAGES, type RoomDetail } from '@charter/domain';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Tabs } from '@mantine/core';
import { IconFilePlus, IconLink, IconReportAnalytics, IconTablePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useOutsideForms } from '../outside-forms/api.ts';
import { ConnectedForms } from '../outside-forms/connected-forms.tsx';
import { AddRoomReportModal } from '../reports/add-room-report-modal.tsx';
import { RoomReports } from '../reports/room-reports.tsx';
import { RoomSettings } from '../room-settings/room-settings.tsx';
import { roomKeys, useRoom } from './api.ts';
import { RoomDocumentsList } from './overview/room-documents-list.tsx';
import { RoomLinksList } from './overview/room-links-list.tsx';
import { RoomOverviewSections } from './overview/room-overview.tsx';
import { type RoomDialog, RoomDialogs } from './room-dialogs.tsx';
import { RoomHeader } from './room-header.tsx';
import { RoomLinkActions } from './room-link-actions.tsx';
import { type RoomActions, useRoomActions } from './use-room-actions.ts';

const TABS = ['overview', 'reports', 'documents', 'links', 'forms', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** /c/:companyId/rooms/:roomId/*: the room page (spec 3 §2), its tabs in the path. */
export function RoomPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const roomId = Number(params.roomId);
  const room = useRoom(companyId, roomId);
  if (room.isPending) return <Loader />;
  if (room.isError) return <Alert color="red">{errorMessage(room.error, ROOM_MESSAGES.fetchFailed)}</Alert>;
  return <RoomScreen companyId={companyId} detail={room.data} tab={(params['*'] ?? '').split('/')[0]} />;
}

function RoomScreen({
  companyId,
  detail,
  tab: rawTab,
}: {
  companyId: number;
  detail: RoomDetail;
  tab: string;
}) {
  const navigate = useNavigate();
  const actions = useRoomActions(companyId, detail);
  const [editing, setEditing] = useState(detail.room.abilities.edit);
  const [dialog, setDialog] = useState<RoomDialog>(null);
  const [addingReport, setAddingReport] = useState(false);
  const { room, overview } = detail;
  const forms = useOutsideForms(companyId, { roomId: room.id });
  const queryClient = useQueryClient();
  const edit = editing && room.abilities.edit;
  const visible: Record<Tab, boolean> = {
    overview: true,
    reports: overview.reports.length > 0,
    documents: overview.documents.length > 0,
    links: overview.links.length > 0,
    forms: (forms.data?.length ?? 0) > 0,
    settings: room.abilities.settings,
  };
  const tab: Tab =
    (TABS as readonly string[]).includes(rawTab) && visible[rawTab as Tab] ? (rawTab as Tab) : 'overview';
  const base = `/c/${companyId}/rooms/${room.id}`;

  return (
    <Stack gap="lg">
      <RoomHeader
        companyId={companyId}
        room={room}
        editing={edit}
        onEditingChange={setEditing}
        onRename={actions.rename}
      />
      <Tabs value={tab} onChange={(next) => navigate(`${base}/${next ?? 'overview'}`)}>
        <Tabs.List>
          <Tabs.Tab
            value="overview"
            rightSection={
              overview.badges.requiring_signature > 0 ? (
                <Badge size="xs" color="orange" circle aria-label="Documents needing signature">
                  {overview.badges.requiring_signature}
                </Badge>
              ) : null
            }
          >
            Overview
          </Tabs.Tab>
          {visible.reports ? <Tabs.Tab value="reports">Reports</Tabs.Tab> : null}
          {visible.documents ? <Tabs.Tab value="documents">Documents</Tabs.Tab> : null}
          {visible.links ? <Tabs.Tab value="links">Links</Tabs.Tab> : null}
          {visible.forms ? <Tabs.Tab value="forms">Connected Form</Tabs.Tab> : null}
          {visible.settings ? <Tabs.Tab value="settings">Settings & Sharing</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <Stack gap="lg">
            {edit ? (
              <EditToolbar
                companyId={companyId}
                detail={detail}
                actions={actions}
                onOpen={setDialog}
                onAddReport={() => setAddingReport(true)}
              />
            ) : null}
            <RoomOverviewSections
              overview={overview}
              reports={
                overview.reports.length > 0 ? (
                  <RoomReports tables={overview.reports} admin={room.abilities.edit} />
                ) : undefined
              }
              documentActions={
                edit
                  ? {
                      onRename: (doc) => setDialog({ kind: 'rename-document', doc }),
                      onRemove: (doc) => void actions.removeDocument(doc),
                      onMove: (doc, direction) => void actions.moveDocument(doc, direction),
                    }
                  : undefined
              }
              linkActions={
                edit
                  ? {
                      onEdit: (link) => setDialog({ kind: 'link', link }),
                      onRemove: (link) => void actions.removeLink(link),
                      onMove: (link, direction) => void actions.moveLink(link, direction),
                    }
                  : undefined
              }
              tableActions={
                edit
                  ? {
                      onRename: (table) => setDialog({ kind: 'rename-table', table }),
                      onRemoveTable: (table) => void actions.removeTable(table),
                      onAddRecord: (table) => setDialog({ kind: 'add-record', table }),
                      onAddFields: (table) => setDialog({ kind: 'add-fields', table }),
                      onRemoveRecord: (table, resourceId) => void actions.removeRecord(table, resourceId),
                      onRemoveField: (table, key) => void actions.removeField(table, key),
                    }
                  : undefined
              }
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="lg">
          <RoomDocumentsList title="All Documents" documents={overview.documents} />
        </Tabs.Panel>
        <Tabs.Panel value="links" pt="lg">
          <RoomLinksList links={overview.links} />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="lg">
          {tab === 'reports' && <RoomReports tables={overview.reports} admin={room.abilities.edit} />}
        </Tabs.Panel>
        <Tabs.Panel value="forms" pt="lg">
          {tab === 'forms' && <ConnectedForms companyId={companyId} roomId={room.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          {tab === 'settings' && (
            <Stack gap="lg">
              <RoomSettings companyId={companyId} roomId={room.id} />
              <ConnectedForms companyId={companyId} roomId={room.id} />
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
      <RoomDialogs companyId={companyId} dialog={dialog} actions={actions} onClose={() => setDialog(null)} />
      {addingReport ? (
        <AddRoomReportModal
          companyId={companyId}
          roomId={room.id}
          onClose={() => setAddingReport(false)}
          onAdded={() => {
            setAddingReport(false);
            void queryClient.invalidateQueries({ queryKey: roomKeys.all(companyId) });
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Edit mode (spec 3 §2): Add Report Table, Add Document, Add link, add a table and Read Only Room
 * Documents; access and status are on Settings & Sharing.
 */
function EditToolbar({
  companyId,
  detail,
  actions,
  onOpen,
  onAddReport,
}: {
  companyId: number;
  detail: RoomDetail;
  actions: RoomActions;
  onOpen: (dialog: RoomDialog) => void;
  onAddReport: () => void;
}) {
  const { room } = detail;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFilePlus size={16} />}
            onClick={() => onOpen({ kind: 'add-document' })}
          >
            Add Document
          </Button>
          <Button
            variant="light"
            leftSection={<IconLink size={16} />}
            onClick={() => onOpen({ kind: 'link', link: null })}
          >
            Add Link
          </Button>
          <Button
            variant="light"
            leftSection={<IconTablePlus size={16} />}
            onClick={() => onOpen({ kind: 'add-table' })}
          >
            Add Table
          </Button>
          <Button variant="light" leftSection={<IconReportAnalytics size={16} />} onClick={onAddReport}>
            Add Report Table
          </Button>
          <div style={{ marginLeft: 'auto' }}>
            <RoomLinkActions companyId={companyId} room={room} />
          </div>
        </Group>
        <Group gap="lg" align="flex-end">
          <Checkbox
            label="Read Only Room Documents"
            checked={room.read_only}
            onChange={(e) => void actions.update({ read_only: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
