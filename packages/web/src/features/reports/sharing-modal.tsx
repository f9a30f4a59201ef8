import { displayValue, GENERIC_ERROR_PERSISTS, REPORT_MESSAGES, type ReportTableView } from '@charter/domain';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useUpdateReportSharing } from './queries.ts';

/**
 * Manage Report Sharing (spec 2): whether the report shows in users' dashboards (is_active) and which of
 * its rows (metadata.resource_id; none chosen shows them all).
 */
export function SharingModal({
  companyId,
  report,
  onClose,
}: {
  companyId: number;
  report: ReportTableView;
  onClose: () => void;
}) {
  const { push } = useNotices();
  const save = useUpdateReportSharing(companyId);
  const form = useForm({
    initialValues: {
      is_active: report.sharing?.is_active ?? false,
      resource_id: (report.sharing?.metadata.resource_id ?? []).map(String),
    },
  });
  const nameColumn = report.feature_types[0];
  const submit = form.onSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({
        report,
        is_active: values.is_active,
        resource_id: values.resource_id.map(Number),
      });
      push({ type: 'success', message: result.message });
      onClose();
    } catch (error) {
      push({ type: 'error', message: errorMessage(error, GENERIC_ERROR_PERSISTS), error });
    }
  });
  return (
    <Modal opened onClose={onClose} title={REPORT_MESSAGES.manageSharing} size="md">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" fw={600}>
            {report.question_label}
          </Text>
          <Switch
            label="Show in users' dashboards"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <Checkbox.Group
            label="Rows shared"
            description="Choose none to share every row."
            {...form.getInputProps('resource_id')}
          >
            <ScrollArea.Autosize mah={260} mt="xs">
              <Stack gap={6}>
                {report.rows.map((row) => (
                  <Checkbox
                    key={row.resource_id}
                    value={String(row.resource_id)}
                    label={displayValue(nameColumn?.type ?? 'string', row.values[nameColumn?.key ?? ''])}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
