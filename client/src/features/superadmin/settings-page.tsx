import { PageHeader } from '@client/components/page-header';
import { ScreenPlaceholder } from '@client/components/screen-placeholder';

export function SystemSettingsPage() {
  return (
    <>
      <PageHeader description="Ρυθμίσεις που αφορούν ολόκληρη την πλατφόρμα." />
      <ScreenPlaceholder />
    </>
  );
}
