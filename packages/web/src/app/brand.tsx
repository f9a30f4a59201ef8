import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { apiFetch } from '../api/client.ts';
import { type Brand, BrandContext, brandValue } from './brand-value.ts';
import { useDocumentTitle } from './document-title.ts';

export {
  type Brand,
  type BrandAssets,
  type BrandValue,
  brandValue,
  DEFAULT_DISPLAY_NAME,
  FALLBACK_SUPPORT_EMAIL,
  useBrand,
} from './brand-value.ts';

export function BrandProvider({ children }: { children: ReactNode }) {
  const query = useQuery({
    queryKey: ['public', 'brand'],
    queryFn: () => apiFetch<Brand>('/api/public/brand', { auth: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const value = useMemo(() => brandValue(query.data ?? null, query.isLoading), [query.data, query.isLoading]);
  useDocumentTitle(value.displayName, value.title);
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}
