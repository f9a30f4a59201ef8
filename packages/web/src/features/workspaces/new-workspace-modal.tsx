import {
  BUSINESS_PURPOSES,
  COMPANY_ADDED,
  COMPANY_REDIRECT_DELAY_MS,
  FEATURE_TYPE,
  GENERIC_ERROR_PERSISTS,
  validateCompanyName,
} from '@charter/domain';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error.ts';
import { useNotices } from '../../app/notices.tsx';
import { useSession } from '../../app/session.tsx';
import { CompanyNameInput } from '../../ui/company-name-input.tsx';
import { useCreateAccount } from './queries.ts';

const CREATE_ERROR = GENERIC_ERROR_PERSISTS;
const PURPOSE_REQUIRED = 'Business purpose required';

type Props = { opened: boolean; onClose: () => void };
type Errors = { company_name?: string; business_type?: string };

export function NewWorkspaceModal({ opened, onClose }: Props) {
  const [name, setName] = useState('');
  const [purpose, setPurpose] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [settingUp, setSettingUp] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const create = useCreateAccount();
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  const notices = useNotices();
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const finish = async (accountId: number) => {
    try {
      await switchAccount(accountId);
    } catch (error) {
      notices.push({ type: 'error', message: errorMessage(error, CREATE_ERROR), error });
    }
    setSettingUp(false);
    // Leaving for the new workspace unmounts this modal (and its /new-company route); no onClose here,
    // since a route modal closes by going back, which would race this navigation.
    navigate(`/c/${accountId}/home`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      company_name: validateCompanyName(name, {}) || undefined,
      business_type: purpose ? undefined : PURPOSE_REQUIRED,
    };
    setErrors(next);
    if (next.company_name || next.business_type || !purpose) return;
    const features = [{ feature_type_id: FEATURE_TYPE.BUSINESS_TYPE, value: purpose }];
    create.mutate(
      { company_name: name.trim(), features },
      {
        onSuccess: ({ account_id }) => {
          notices.push({ type: 'success', message: COMPANY_ADDED });
          setSettingUp(true);
          timer.current = setTimeout(() => void finish(account_id), COMPANY_REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          if (isApiError(error, 'VALIDATION_ERROR') && Object.keys(error.fields).length > 0) {
            setErrors({ company_name: error.fields.company_name, business_type: error.fields.business_type });
          } else {
            notices.push({ type: 'error', message: errorMessage(error, CREATE_ERROR), error });
          }
        },
      },
    );
  };

  const busy = create.isPending || settingUp;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title="Add Workspace"
      centered
      radius="md"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate aria-label="New workspace">
        <Stack gap="md">
          <CompanyNameInput
            label="Company Name"
            placeholder="Acme"
            description="Pick the entity suffix, or type it: Inc., LLC or LP."
            value={name}
            onChange={(next) => {
              setName(next);
              setErrors((current) => ({ ...current, company_name: undefined }));
            }}
            error={errors.company_name}
            locked={busy}
            required
            autoFocus
          />
          <Select
            label="Business Purpose"
            placeholder="Select a business purpose"
            data={BUSINESS_PURPOSES.map((option) => ({ value: option.value, label: option.label }))}
            value={purpose}
            onChange={(value) => {
              setPurpose(value);
              setErrors((current) => ({ ...current, business_type: undefined }));
            }}
            error={errors.business_type}
            disabled={busy}
            allowDeselect={false}
            required
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
