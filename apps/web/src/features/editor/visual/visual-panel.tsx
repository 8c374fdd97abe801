import type { SpaceImage } from '@div/shared/assets';
import { ArrowDown, ArrowUp, Copy, Eye, EyeOff, PencilLine, Redo2, Sparkles, Trash2, Undo2, Upload, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useEditorStore, useEditorUi } from '../editor-store';
import type { VisualEdits } from './use-visual-edits';
import './locale';
import '../images/locale';

const FONT_SIZES = ['0.875rem', '1rem', '1.25rem', '1.5rem', '2rem', '2.5rem', '3rem'];
const WEIGHTS = ['300', '400', '500', '600', '700', '800'];
const SPACES = ['0', '0.5rem', '1rem', '1.5rem', '2rem', '3rem'];
const RADII = ['0', '0.25rem', '0.5rem', '1rem', '9999px'];

const field =
  'w-full rounded-md border border-gray-300 bg-white px-2 py-1 text-xs text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100';
const button =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800';

/** `rgb(r, g, b)` (what getComputedStyle gives) as `#rrggbb` for a colour input. */
export function toHex(color: string | undefined): string {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color ?? '');
  if (!match) return '#000000';
  return `#${match
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A label above its control (the control gets the id). */
function Labeled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-xs text-gray-600 dark:text-gray-300">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** A computed colour nothing shows through: `transparent` or an alpha of 0. */
export function isTransparent(color: string | undefined): boolean {
  return color === 'transparent' || /^rgba\([^)]*,\s*0(?:\.0+)?\s*\)$/.test(color ?? '');
}

/** The swatch of a transparent colour: the usual checkerboard (a colour input alone would show black). */
const CHECKERBOARD = {
  backgroundImage: 'repeating-conic-gradient(#d1d5db 0% 25%, #ffffff 0% 50%)',
  backgroundSize: '12px 12px',
} as const;

/** A colour input that writes once the choice is made (the native change event), not on every move. */
function ColorField({
  label,
  value,
  transparent = false,
  onCommit,
}: {
  label: string;
  value: string;
  /** The element has no colour of its own: a checkerboard shows, and the name says so. */
  transparent?: boolean;
  onCommit: (value: string) => void;
}) {
  const { t } = useTranslation('visual');
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.value = value;
    const onChange = () => commit.current(element.value);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [value]);
  return (
    <Labeled label={label}>
      {(id) => (
        <span
          data-testid={transparent ? 'color-transparent' : undefined}
          className="relative block h-7 w-full rounded border border-gray-300 dark:border-gray-700"
          style={transparent ? CHECKERBOARD : undefined}
          title={transparent ? t('transparent') : undefined}
        >
          <input
            id={id}
            ref={input}
            type="color"
            defaultValue={value}
            aria-description={transparent ? t('transparent') : undefined}
            className={`block h-full w-full cursor-pointer rounded ${transparent ? 'opacity-0' : ''}`}
          />
        </span>
      )}
    </Labeled>
  );
}

function Steps({ label, options, onPick }: { label: string; options: string[]; onPick: (value: string) => void }) {
  const { t } = useTranslation('visual');
  return (
    <Labeled label={label}>
      {(id) => (
        <select id={id} className={field} value="" onChange={(event) => event.target.value && onPick(event.target.value)}>
          <option value="">{t('keep')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Labeled>
  );
}

/** A text field that writes on Enter or when it loses focus. */
function TextField({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => text !== value && onCommit(text);
  return (
    <Labeled label={label}>
      {(id) => (
        <input
          id={id}
          className={field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
      )}
    </Labeled>
  );
}

/** Replace an image's `src` by one of the space's own images, or by one uploaded here (issue 24). */
function OwnImagePicker({
  current,
  upload,
  onPick,
}: {
  current: string;
  upload: ((files: File[]) => Promise<SpaceImage[]>) | undefined;
  onPick: (image: SpaceImage) => void;
}) {
  const { t } = useTranslation('images');
  const images = useEditorUi((state) => state.images);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <Labeled label={t('replace')}>
        {(id) => (
          <select
            id={id}
            className={field}
            value={images.some((i) => i.path === current) ? current : ''}
            onChange={(event) => {
              const image = images.find((i) => i.path === event.target.value);
              if (image) onPick(image);
            }}
          >
            <option value="">{t('choose')}</option>
            {images.map((image) => (
              <option key={image.id} value={image.path}>
                {image.name}
              </option>
            ))}
          </select>
        )}
      </Labeled>
      {upload && (
        <>
          <button type="button" className={`${button} self-start`} onClick={() => input.current?.click()}>
            <Upload className="size-3.5" aria-hidden />
            {t('uploadHere')}
          </button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="visual-image-upload"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length) void upload(files).then(([image]) => image && onPick(image));
            }}
          />
        </>
      )}
    </div>
  );
}

/** The panel of the visual edit mode: what is selected and the changes it offers. */
export function VisualPanel({
  edits,
  uploadImages,
}: {
  edits: VisualEdits;
  /** Uploads files as the space's images (issue 24); answers the ones stored. */
  uploadImages?: (files: File[]) => Promise<SpaceImage[]>;
}) {
  const { t } = useTranslation('visual');
  const store = useEditorStore();
  const selection = useEditorUi((state) => state.visualSelection);
  const style = (property: string) => (value: string | null) =>
    selection && edits.apply(selection.mark, selection.tag, { kind: 'style', property, value });
  const attribute = (name: string) => (value: string | null) =>
    selection && edits.apply(selection.mark, selection.tag, { kind: 'attribute', name, value });
  const structural = (change: 'delete' | 'duplicate' | 'up' | 'down') => () => {
    if (!selection) return;
    if (change === 'up' || change === 'down') edits.apply(selection.mark, selection.tag, { kind: 'move', direction: change });
    else edits.apply(selection.mark, selection.tag, { kind: change });
  };
  const hidden = selection?.attributes.hidden !== null && selection?.attributes.hidden !== undefined;

  return (
    <section
      aria-label={t('title')}
      data-testid="visual-panel"
      className="max-h-[45%] overflow-y-auto border-t border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="mb-2 flex items-center gap-2">
        <PencilLine className="size-4 text-indigo-600 dark:text-indigo-300" aria-hidden />
        <h2 className="font-semibold text-gray-900 dark:text-gray-100">{t('title')}</h2>
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {t('free')}
        </span>
        <div className="ml-auto flex items-center gap-1">
          {(
            [
              ['undo', Undo2, edits.undo, edits.canUndo],
              ['redo', Redo2, edits.redo, edits.canRedo],
            ] as const
          ).map(([name, Icon, run, can]) => (
            <button
              key={name}
              type="button"
              className={button}
              onClick={run}
              disabled={!can}
              aria-label={t(name)}
              title={t(name)}
            >
              <Icon className="size-3.5" aria-hidden />
            </button>
          ))}
          <button
            type="button"
            onClick={() => store.set({ visualEditing: false, visualSelection: null })}
            aria-label={t('exit')}
            className="rounded p-1 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      {!selection ? (
        <p className="text-gray-600 dark:text-gray-400">{t('hint')}</p>
      ) : (
        <div className="space-y-3" key={selection.mark}>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            <code
              data-testid="visual-selected"
              className="rounded bg-gray-100 px-1.5 py-0.5 text-indigo-700 dark:bg-gray-800 dark:text-indigo-300"
            >
              {t('selected', { tag: selection.tag })}
            </code>{' '}
            {selection.editable ? t('editableText') : ''}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <ColorField label={t('color')} value={toHex(selection.styles.color)} onCommit={style('color')} />
            <ColorField
              label={t('background')}
              value={toHex(selection.styles.backgroundColor)}
              transparent={isTransparent(selection.styles.backgroundColor)}
              onCommit={style('background-color')}
            />
            <Steps label={t('fontSize')} options={FONT_SIZES} onPick={style('font-size')} />
            <Steps label={t('fontWeight')} options={WEIGHTS} onPick={style('font-weight')} />
            <Steps label={t('margin')} options={SPACES} onPick={style('margin')} />
            <Steps label={t('padding')} options={SPACES} onPick={style('padding')} />
            {/* Two columns wide, and its buttons wrap: three words never fit one column (issue 43). */}
            <fieldset
              data-testid="visual-align"
              className="col-span-2 flex min-w-0 flex-col gap-1 text-xs text-gray-600 dark:text-gray-300"
            >
              <legend className="mb-1">{t('align')}</legend>
              <div className="flex flex-wrap gap-1">
                {(['left', 'center', 'right'] as const).map((align) => (
                  <button
                    key={align}
                    type="button"
                    aria-pressed={selection.styles.textAlign === align}
                    className={button}
                    onClick={() => style('text-align')(align)}
                  >
                    {t(`align${align === 'left' ? 'Left' : align === 'center' ? 'Center' : 'Right'}`)}
                  </button>
                ))}
              </div>
            </fieldset>
            <Steps label={t('radius')} options={RADII} onPick={style('border-radius')} />
          </div>
          {selection.tag === 'a' && (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <TextField
                label={t('link')}
                value={selection.attributes.href ?? ''}
                onCommit={(value) => attribute('href')(value)}
              />
              <label className="flex items-center gap-2 self-end text-xs text-gray-700 dark:text-gray-300">
                <input
                  type="checkbox"
                  checked={selection.attributes.target === '_blank'}
                  onChange={(event) => attribute('target')(event.target.checked ? '_blank' : null)}
                />
                {t('newTab')}
              </label>
            </div>
          )}
          {selection.tag === 'img' && (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <TextField
                label={t('image')}
                value={selection.attributes.src ?? ''}
                onCommit={(value) => attribute('src')(value)}
              />
              <TextField label={t('alt')} value={selection.attributes.alt ?? ''} onCommit={(value) => attribute('alt')(value)} />
              <OwnImagePicker
                current={selection.attributes.src ?? ''}
                upload={uploadImages}
                onPick={(image) => attribute('src')(image.path)}
              />
            </div>
          )}
          <div className="flex flex-wrap gap-1">
            <button type="button" className={button} onClick={() => attribute('hidden')(hidden ? null : '')}>
              {hidden ? <Eye className="size-3.5" aria-hidden /> : <EyeOff className="size-3.5" aria-hidden />}
              {hidden ? t('show') : t('hide')}
            </button>
            <button type="button" className={button} onClick={structural('duplicate')}>
              <Copy className="size-3.5" aria-hidden />
              {t('duplicate')}
            </button>
            <button type="button" className={button} onClick={structural('up')}>
              <ArrowUp className="size-3.5" aria-hidden />
              {t('moveUp')}
            </button>
            <button type="button" className={button} onClick={structural('down')}>
              <ArrowDown className="size-3.5" aria-hidden />
              {t('moveDown')}
            </button>
            <button
              type="button"
              className={button}
              onClick={() => {
                store.set({ promptElement: { selector: selection.tag, html: selection.text, mark: selection.mark } });
                toast.success(t('askAiDone'));
              }}
            >
              <Sparkles className="size-3.5" aria-hidden />
              {t('askAi')}
            </button>
            <button type="button" className={`${button} text-red-700 dark:text-red-300`} onClick={structural('delete')}>
              <Trash2 className="size-3.5" aria-hidden />
              {t('remove')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
