/** A heading-only page for screens a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
    </main>
  );
}
