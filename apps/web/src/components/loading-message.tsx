/** A centred spinner with a message, announced politely to screen readers. */
export function LoadingMessage({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-8">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none dark:border-indigo-900 dark:border-t-indigo-400"
      />
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
    </div>
  );
}
