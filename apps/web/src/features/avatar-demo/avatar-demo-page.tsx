import { Avatar, type AvatarSize } from '../../components/avatar';
import { registerLocale, useTranslation } from '../../lib/i18n';

registerLocale('avatarDemo', {
  es: {
    title: 'Demostración de avatares',
    subtitle: 'Cómo se ve el avatar en cada situación y en los cuatro tamaños.',
    iconTitle: 'Variante con icono',
    iconSubtitle: 'Cuando falla la imagen se muestra un icono en lugar de la imagen por defecto.',
    conditions: {
      working: 'Imagen que funciona',
      google: 'Imagen de Google que falla',
      broken: 'URL rota',
      none: 'Sin URL',
    },
  },
  en: {
    title: 'Avatar demo',
    subtitle: 'How the avatar looks in each situation and in the four sizes.',
    iconTitle: 'Icon variant',
    iconSubtitle: 'When the image fails an icon is shown instead of the default picture.',
    conditions: { working: 'Working image', google: 'Failing Google image', broken: 'Broken URL', none: 'No URL' },
  },
});

const sizes: AvatarSize[] = ['sm', 'md', 'lg', 'xl'];

/** The four conditions of the spec; the working picture is served by the app itself. */
const conditions = [
  { key: 'working', src: '/avatar-demo.svg' },
  { key: 'google', src: 'https://lh3.googleusercontent.com/a/div-demo-missing-avatar=s96-c' },
  { key: 'broken', src: '/avatar-demo/no-existe.png' },
  { key: 'none', src: null },
] as const;

function ConditionRows({ useSvgFallback }: { useSvgFallback: boolean }) {
  const { t } = useTranslation('avatarDemo');
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2">
      {conditions.map((condition) => (
        <figure
          key={condition.key}
          data-condition={condition.key}
          className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <figcaption className="font-medium text-slate-800 text-sm dark:text-slate-200">
            {t(`conditions.${condition.key}`)}
          </figcaption>
          <div className="mt-4 flex flex-wrap items-end gap-4">
            {sizes.map((size) => (
              <div key={size} className="flex flex-col items-center gap-1">
                <Avatar src={condition.src} name="Ana García" size={size} useSvgFallback={useSvgFallback} />
                <span className="text-slate-500 text-xs dark:text-slate-400">{size}</span>
              </div>
            ))}
          </div>
        </figure>
      ))}
    </div>
  );
}

export default function AvatarDemoPage() {
  const { t } = useTranslation('avatarDemo');
  return (
    <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-12 sm:px-6">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight dark:text-white">{t('title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
      <section aria-label={t('title')} data-variant="svg">
        <ConditionRows useSvgFallback />
      </section>
      <section aria-labelledby="icon-variant" data-variant="icon" className="mt-12">
        <h2 id="icon-variant" className="font-bold text-slate-900 text-xl dark:text-white">
          {t('iconTitle')}
        </h2>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-400">{t('iconSubtitle')}</p>
        <ConditionRows useSvgFallback={false} />
      </section>
    </main>
  );
}
