import { PageHeader } from '@/components/ui/page-header';
import { StoresManager } from '@/features/stores/components/stores-manager';

export function StoresPage() {
  return (
    <>
      <PageHeader title="Stores" subtitle="Manage the stores of your business" />
      <StoresManager />
    </>
  );
}
