/** /keys: self-serve API keys (create one, manage one) beside the plans and the sandbox. */
import { useTranslations } from 'next-intl';
import { NewKeyForm } from './NewKeyForm';
import { ManageKey } from './ManageKey';

export function KeysPage({ origin, timeZone }: { origin: string; timeZone: string }) {
  const t = useTranslations('keys');
  return (
    <article className="grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p>
        {t.rich('intro', {
          auth: () => <code>{`Authorization: Bearer <${t('keyPlaceholder')}>`}</code>,
          code: (c) => <code>{c}</code>,
          curl: () => <code>curl {origin}/sandbox/v1/football/live</code>,
          ref: (c) => (
            <a href="/docs/api" className="underline">
              {c}
            </a>
          ),
        })}
      </p>
      <NewKeyForm origin={origin} />
      <ManageKey origin={origin} timeZone={timeZone} />
      <p className="text-sm text-muted">
        {t.rich('footnote', {
          code: (c) => <code>{c}</code>,
          cli: () => <code>npm run cli -- keys create --plan pro</code>,
        })}
      </p>
    </article>
  );
}
