/** Opening and closing query-driven modals, keeping the path and unrelated query parameters. */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { queryAfterClose, type AnyModalName } from './modal-names';

export function useModal() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();

  const openModal = useCallback(
    (name: AnyModalName, extra: Record<string, string> = {}) => {
      const next = new URLSearchParams(location.search);
      next.set('modal', name);
      for (const [key, value] of Object.entries(extra)) next.set(key, value);
      void navigate({ pathname: location.pathname, search: `?${next.toString()}` });
    },
    [location.pathname, location.search, navigate],
  );

  const closeModal = useCallback(() => {
    const next = queryAfterClose(new URLSearchParams(location.search)).toString();
    void navigate({ pathname: location.pathname, search: next ? `?${next}` : '' });
  }, [location.pathname, location.search, navigate]);

  return { current: params.get('modal'), params, openModal, closeModal };
}
