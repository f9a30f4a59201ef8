import { REPORT_MESSAGES, type ReportColumn, type ReportRow } from '@charter/domain';
import { Button, Checkbox, Group, Modal, ScrollArea, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { saveBlob } from '../../ui/save-blob.ts';
import { ledgerCsv, ledgerFileName, resourceName } from './ledger.ts';

type Props = {
  /** The workspace (entity) and the report's label, for the default file name. */
  entity: string;
  label: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  onClose: () => void;
  onNotice: (message: string) => void;
};

/**
 * The Ledger CSV modal (spec 1 §2, §4, §5): a file name (entity, label, Ledger and date), the inputs and
 * resources to include as checkbox lists (all at first), Cancel and Download CSV ('Starting Download.').
 */
export function LedgerCsvModal({ entity, label, columns, rows, onClose, onNotice }: Props) {
  const [fileName, setFileName] = useState(() => ledgerFileName(entity, label, new Date()));
  const [inputs, setInputs] = useState<string[]>(columns.map((c) => c.key));
  const [resources, setResources] = useState<string[]>(rows.map((r) => String(r.resource_id)));
  const download = () => {
    onNotice(REPORT_MESSAGES.startingDownload);
    const csv = ledgerCsv(columns, rows, {
      inputs: new Set(inputs),
      resources: new Set(resources.map(Number)),
    });
    const name = fileName.trim() || ledgerFileName(entity, label, new Date());
    saveBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      name.endsWith('.csv') ? name : `${name}.csv`,
    );
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Ledger CSV" size="lg" centered>
      <Stack gap="sm">
        <TextInput label="Filename" value={fileName} onChange={(e) => setFileName(e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox.Group label="Inputs" value={inputs} onChange={setInputs}>
            <ScrollArea.Autosize mah={260} mt={4}>
              <Stack gap={4}>
                {columns.map((c) => (
                  <Checkbox key={c.key} value={c.key} label={c.label} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Checkbox.Group label="Resources" value={resources} onChange={setResources}>
            <ScrollArea.Autosize mah={260} mt={4}>
              <Stack gap={4}>
                {rows.map((r) => (
                  <Checkbox
                    key={r.resource_id}
                    value={String(r.resource_id)}
                    label={resourceName(r, columns)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={download} disabled={inputs.length === 0 || resources.length === 0}>
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
