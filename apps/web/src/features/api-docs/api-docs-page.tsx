import { clsx } from 'clsx';
import { BookOpen, Download, KeyRound, Lock, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingMessage } from '../../components/loading-message';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { type Endpoint, groupEndpoints, type JsonSchema, nestedObject, type Parameter, typeLabel, useOpenApi } from './openapi';
import { Prose } from './prose';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

const methodColours: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  post: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  delete: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  put: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  patch: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

/** /docs/api: the developer API reference, rendered from the OpenAPI document the server generates. */
export default function ApiDocsPage() {
  const { t } = useTranslation('api-docs');
  const doc = useOpenApi();

  useDocumentTitle(t('title'));

  if (doc.isError) {
    return (
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16 text-center">
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {t('loadError')}
        </p>
        <button
          type="button"
          onClick={() => doc.refetch()}
          className={clsx(
            'mt-4 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-sm text-white hover:bg-indigo-700',
            focusRing,
          )}
        >
          {t('retry')}
        </button>
      </main>
    );
  }
  if (!doc.data) return <LoadingMessage message={t('loading')} />;

  const groups = groupEndpoints(doc.data);
  const server = doc.data.servers?.[0]?.url ?? window.location.origin;

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-12 sm:px-6">
      <header className="max-w-3xl">
        <p className="font-semibold text-indigo-700 text-sm uppercase tracking-wide dark:text-indigo-300">{t('badge')}</p>
        <h1 className="mt-2 font-extrabold text-4xl text-slate-900 tracking-tight dark:text-white">
          {t('title')}{' '}
          <span className="align-middle font-mono font-medium text-base text-slate-500 dark:text-slate-400">
            v{doc.data.info.version}
          </span>
        </h1>
        {doc.data.info.description ? (
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            <Prose text={doc.data.info.description} />
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <a
            href="/api/openapi.json"
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
              focusRing,
            )}
          >
            <Download aria-hidden className="size-4" />
            {t('download')}
          </a>
          <Link
            to={paths.developers}
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
              focusRing,
            )}
          >
            <BookOpen aria-hidden className="size-4" />
            {t('guide')}
          </Link>
          <Link
            to={paths.settings}
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-lg bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700',
              focusRing,
            )}
          >
            <KeyRound aria-hidden className="size-4" />
            {t('keys')}
          </Link>
        </div>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav
          aria-label={t('contents')}
          className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem-var(--cookie-banner-h,0px))] lg:self-start lg:overflow-y-auto"
        >
          <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('contents')}</p>
          <ul className="mt-3 space-y-4 text-sm">
            {groups.map((group) => (
              <li key={group.tag}>
                <p className="font-semibold text-slate-900 dark:text-white">
                  {t(`tags.${group.tag}`, { defaultValue: group.tag })}
                </p>
                <ul className="mt-1">
                  {group.endpoints.map((e) => (
                    <li key={e.id}>
                      <a
                        href={`#${e.id}`}
                        className={clsx(
                          'flex min-h-6 items-baseline gap-2 rounded py-1 text-slate-600 hover:text-indigo-600 dark:text-slate-300 dark:hover:text-indigo-300',
                          focusRing,
                        )}
                      >
                        <span className="w-12 shrink-0 font-mono font-semibold text-[11px] uppercase">{e.method}</span>
                        <span className="break-all font-mono text-xs">{e.path}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-10">
          <section className="grid gap-4 md:grid-cols-2">
            <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                <Lock aria-hidden className="size-4 text-indigo-500" />
                {t('auth')}
              </h2>
              <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{t('authText')}</p>
              <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-950 p-3 text-slate-100 text-xs">
                <code>{`curl ${server}/v1/usage \\\n  -H "Authorization: Bearer $DIV_API_KEY"`}</code>
              </pre>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                <Timer aria-hidden className="size-4 text-indigo-500" />
                {t('limits')}
              </h2>
              <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{t('limitsText')}</p>
            </div>
          </section>

          {groups.map((group) => (
            <section key={group.tag} aria-labelledby={`tag-${group.tag}`}>
              <h2 id={`tag-${group.tag}`} className="font-bold text-2xl text-slate-900 dark:text-white">
                {t(`tags.${group.tag}`, { defaultValue: group.tag })}
              </h2>
              {group.description ? (
                <p className="mt-1 text-slate-600 dark:text-slate-300">
                  <Prose text={group.description} />
                </p>
              ) : null}
              <div className="mt-4 space-y-6">
                {group.endpoints.map((endpoint) => (
                  <EndpointCard key={endpoint.id} endpoint={endpoint} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('api-docs');
  const { operation } = endpoint;
  const params = (operation.parameters ?? []) as Parameter[];
  const bodyContent = operation.requestBody?.content ?? {};
  const bodySchema = Object.values(bodyContent)[0]?.schema;
  return (
    <article
      id={endpoint.id}
      aria-labelledby={`${endpoint.id}-title`}
      data-testid="api-endpoint"
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`${endpoint.id}-title`} className="flex flex-wrap items-center gap-3">
        <span className={clsx('rounded-md px-2 py-0.5 font-bold font-mono text-xs uppercase', methodColours[endpoint.method])}>
          {endpoint.method}
        </span>
        <code className="break-all font-mono font-semibold text-slate-900 dark:text-white">{endpoint.path}</code>
      </h3>
      {operation.summary ? (
        <p className="mt-2 font-medium text-slate-800 dark:text-slate-100">
          <Prose text={operation.summary} />
        </p>
      ) : null}
      {operation.description ? (
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
          <Prose text={operation.description} />
        </p>
      ) : null}

      {params.length > 0 ? (
        <div className="mt-5">
          <h4 className="font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('parameters')}</h4>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
            {params.map((p) => (
              <li key={`${p.in}-${p.name}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2">
                <code className="font-mono font-semibold text-slate-900 dark:text-white">{p.name}</code>
                <span className="font-mono text-indigo-700 text-xs dark:text-indigo-300">{typeLabel(p.schema)}</span>
                <span className="text-slate-500 text-xs dark:text-slate-400">
                  {p.in} · {p.required ? t('required') : t('optional')}
                </span>
                {p.description ? (
                  <span className="w-full text-slate-600 text-xs dark:text-slate-300">
                    <Prose text={p.description} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {bodySchema ? (
        <div className="mt-5">
          <h4 className="font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">
            {t('body')} <span className="font-mono normal-case">{Object.keys(bodyContent).join(', ')}</span>
          </h4>
          <Fields schema={bodySchema} />
        </div>
      ) : null}

      <div className="mt-5">
        <h4 className="font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('responses')}</h4>
        <ul className="mt-2 space-y-2">
          {Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const content = Object.entries(response.content ?? {});
            return (
              <li key={status} className="rounded-lg border border-slate-200 text-sm dark:border-slate-800">
                <details className="group">
                  <summary className={clsx('flex cursor-pointer list-none flex-wrap items-center gap-3 px-3 py-2', focusRing)}>
                    <span
                      className={clsx(
                        'rounded px-1.5 py-0.5 font-bold font-mono text-xs',
                        status.startsWith('2')
                          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                          : 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
                      )}
                    >
                      {status}
                    </span>
                    <span className="text-slate-600 dark:text-slate-300">
                      <Prose text={response.description ?? ''} />
                    </span>
                    {content.length ? (
                      <span className="ml-auto font-mono text-slate-500 text-xs dark:text-slate-400">
                        {content.map(([type]) => type).join(', ')}
                      </span>
                    ) : null}
                  </summary>
                  {content.map(([type, media]) => (
                    <div key={type} className="border-slate-200 border-t px-3 py-2 dark:border-slate-800">
                      <p className="font-mono text-slate-500 text-xs dark:text-slate-400">{type}</p>
                      {media.schema ? <Fields schema={media.schema} /> : null}
                    </div>
                  ))}
                </details>
              </li>
            );
          })}
        </ul>
      </div>
    </article>
  );
}

/** The fields of an object schema (nested objects indented), or the schema's type. */
function Fields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const { t } = useTranslation('api-docs');
  const object = nestedObject(schema);
  const variants = schema.anyOf ?? schema.oneOf;
  if (!object && variants && depth < 2) {
    return (
      <div className="mt-2 space-y-2">
        {variants.map((variant, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: variants have no identity of their own
          <div key={index} className="rounded-lg border border-slate-200 border-dashed p-2 dark:border-slate-700">
            <Fields schema={variant} depth={depth + 1} />
          </div>
        ))}
      </div>
    );
  }
  if (!object?.properties) {
    return <p className="mt-1 font-mono text-indigo-700 text-xs dark:text-indigo-300">{typeLabel(schema)}</p>;
  }
  const required = new Set(object.required ?? []);
  const entries = Object.entries(object.properties);
  if (entries.length === 0) return <p className="mt-1 text-slate-500 text-xs">{t('noFields')}</p>;
  return (
    <ul className={clsx('mt-2 space-y-1.5', depth > 0 && 'border-slate-200 border-l pl-3 dark:border-slate-700')}>
      {entries.map(([name, field]) => (
        <li key={name}>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold text-slate-900 text-xs dark:text-white">{name}</code>
            <span className="font-mono text-indigo-700 text-xs dark:text-indigo-300">{typeLabel(field)}</span>
            <span
              className={clsx(
                'text-xs',
                required.has(name) ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              {required.has(name) ? t('required') : t('optional')}
            </span>
          </div>
          {field.description ? (
            <p className="text-slate-600 text-xs dark:text-slate-300">
              <Prose text={field.description} />
            </p>
          ) : null}
          {nestedObject(field) && depth < 3 ? <Fields schema={field} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}
