import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { backgroundOf } from './modal-location.ts';

/** Closes a modal route: back to the page behind it, else to the workspaces page (spec §2). */
export function useCloseModal(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    if (backgroundOf(location)) navigate(-1);
    else navigate('/c/0/company-select', { replace: true });
  }, [location, navigate]);
}
