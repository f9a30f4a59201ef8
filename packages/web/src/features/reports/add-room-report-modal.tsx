import { REPORT_MESSAGES, type RoomReportView } from '@charter/domain';
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useAddRoomReport, useReports } from './queries.ts';

/**
 * Add Report Table (spec 3, room edit mode): one of the workspace's report tables, and whether each
 * visitor sees only their own rows, offered only when the report has an email column (spec 3 §5).
 */
export function AddRoomReportModal({
  companyId,
  roomId,
  onClose,
  onAdded,
}: {
  companyId: number;
  roomId: number;
  onClose: () => void;
  onAdded?: (report: RoomReportView) => void;
}) {
  const { push } = useNotices();
  const reports = useReports(companyId);
  const add = useAddRoomReport(companyId, roomId);
  const form = useForm({
    initialValues: { feature_type_id: '', user_only: false },
    validate: { feature_type_id: (value) => (value ? null : REPORT_MESSAGES.selectReport) },
  });
  const chosen = reports.data?.find((r) => r.feature_type_id === form.values.feature_type_id);
  const submit = form.onSubmit(async (values) => {
    try {
      const result = await add.mutateAsync({
        feature_type_id: values.feature_type_id,
        user_only: Boolean(chosen?.has_email && values.user_only),
      });
      push({ type: 'success', message: result.message });
      onAdded?.(result.report);
      onClose();
    } catch (error) {
      push({ type: 'error', message: errorMessage(error, REPORT_MESSAGES.roomReportFailed), error });
    }
  });
  return (
    <Modal opened onClose={onClose} title="Add Report Table">
      <form onSubmit={submit}>
        <Stack>
          <Select
            label="Report table"
            placeholder={reports.isPending ? 'Loading…' : 'Choose a report table'}
            data={(reports.data ?? []).map((r) => ({
              value: r.feature_type_id,
              label: `${r.question_label} (${r.template_label})`,
            }))}
            searchable
            {...form.getInputProps('feature_type_id')}
          />
          {chosen?.has_email && (
            <Checkbox
              label={REPORT_MESSAGES.userOnlyOption}
              {...form.getInputProps('user_only', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Report Table
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
