import { homePathFor } from '@duka/shared/auth/permissions';
import { Navigate } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** `/`: the role's home when signed in (PRODUCT.md §1), else the sign-in page. */
export function HomeRedirect() {
  const user = useAuthStore((state) => state.user);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  if (!sessionChecked) return null;
  return <Navigate to={user ? homePathFor(user.role) : '/auth'} replace />;
}
