import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';

export type ProjectTemplate = {
  id: string;
  label: string;
  area: string;
  module_id: number;
  is_repeatable: boolean;
  is_assessment: boolean;
  description: string;
  faqs: { question: string; answer: string }[];
};

/** GET /api/account/project_template: the workflow library offered to this workspace. */
export function useProjectTemplates(companyId: number) {
  const { accessTokenFor } = useSession();
  return useQuery({
    queryKey: ['account', companyId, 'project-templates'],
    queryFn: async () => {
      await accessTokenFor(companyId);
      return apiFetch<ProjectTemplate[]>('/api/account/project_template', {
        auth: 'account',
        accountId: companyId,
      });
    },
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
  });
}
