import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type Brand, BrandContext, brandValue } from '../app/brand-value.ts';

/** The brand of this host (GET /api/public/brand), fetched once; the default brand until it answers. */
export function VisitorBrandProvider({ children }: { children: ReactNode }) {
  const [brand, setBrand] = useState<Brand | null>(null);
  const [isLoading, setLoading] = useState(true);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/public/brand', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<Brand>) : null))
      .then(setBrand)
      // Without its brand the page still works, under the default one.
      .catch(() => {})
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, []);
  const value = useMemo(() => brandValue(brand, isLoading), [brand, isLoading]);
  useEffect(() => {
    document.title = value.title;
  }, [value.title]);
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}
