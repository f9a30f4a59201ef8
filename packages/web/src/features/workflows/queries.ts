import type { ProjectTemplateView } from '@charter/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';

export type ProjectTemplate = ProjectTemplateView;

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
