import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NoPermission } from '../components/NoPermission.tsx';
import { clearForbidden, useForbiddenHere } from './forbidden.ts';

/**
 * Around a page: the no-permission page instead of it once the server has refused its load to
 * the user (app/forbidden.ts); the refusal is forgotten when the user goes to another path.
 */
export function ForbiddenGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const forbidden = useForbiddenHere();
  useEffect(() => {
    // a new path: a refusal of the previous page no longer applies
    return () => clearForbidden();
  }, [pathname]);
  return forbidden ? <NoPermission /> : children;
}
