/**
 * A description from the OpenAPI document, whose `code` spans are written with backticks: shown as
 * code instead of as literal backticks (issue 43).
 */
export function Prose({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
