import { PromptBar, type PromptBarProps } from '../prompt-bar/prompt-bar';
import { useEditorStore, useEditorUi } from './editor-store';

/**
 * The editor's slot for the prompt bar (features/prompt-bar): hands it the element picked with the
 * inspector and the requests not typed in the bar (the brief a project started from, the Revisión's
 * "Corregir con IA"), and keeps the editor's `aiBusy` in step with the generation (reset waits for it).
 */
export function PromptSlot(
  props: Omit<PromptBarProps, 'element' | 'onClearElement' | 'onBusyChange' | 'request' | 'onRequestTaken'>,
) {
  const store = useEditorStore();
  const element = useEditorUi((state) => state.promptElement);
  const request = useEditorUi((state) => state.promptRequest);
  return (
    <PromptBar
      {...props}
      element={element}
      request={request}
      onRequestTaken={() => store.set({ promptRequest: null })}
      onClearElement={() => store.set({ promptElement: null })}
      onBusyChange={(busy) => store.set({ aiBusy: busy })}
    />
  );
}
