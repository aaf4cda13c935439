/**
 * The three signed-in areas' layouts (role guard + dashboard layout), in their own module so
 * the router loads them (and everything only signed-in screens use) on those routes only.
 */
import { RoleGuard } from '@client/auth/role-guard';
import { DashboardLayout } from '@client/components/layout/dashboard-layout';

export function ClientAreaLayout() {
  return (
    <RoleGuard roles={['client']}>
      <DashboardLayout role="client" />
    </RoleGuard>
  );
}

export function MediaAreaLayout() {
  return (
    <RoleGuard roles={['media']}>
      <DashboardLayout role="media" />
    </RoleGuard>
  );
}

export function SuperadminAreaLayout() {
  return (
    <RoleGuard roles={['superadmin']}>
      <DashboardLayout role="superadmin" />
    </RoleGuard>
  );
}
