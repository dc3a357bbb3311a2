import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

/** Pages that later issues build; they are reachable and guarded already. */
export function ComingSoonPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <CardContent className="py-12 text-center text-slate-500 dark:text-slate-400">
          This page is coming soon.
        </CardContent>
      </Card>
    </>
  );
}
