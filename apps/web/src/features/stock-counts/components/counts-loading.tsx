/**
 * 'Loading…' while a count or the list arrives. Not components/ui/page-loader: that module is
 * in the app shell's chunk, and a tab loaded inside a lazy page that imports it makes the
 * bundler split a shared helper out of the shell — more JavaScript up front, which is at its
 * budget.
 */
export function CountsLoading({ label }: { label: string }) {
  return (
    <p role="status" className="py-8 text-center text-slate-600 dark:text-slate-400">
      {label}
    </p>
  );
}
