/** /keys: self-serve API keys (create one, manage one) beside the plans and the sandbox. */
import { NewKeyForm } from './NewKeyForm';
import { ManageKey } from './ManageKey';

export function KeysPage({ origin, timeZone }: { origin: string; timeZone: string }) {
  return (
    <article className="grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">API keys</h1>
      <p>
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/v1</code>. To try the API with no key at
        all, use the sandbox: <code>curl {origin}/sandbox/v1/football/live</code> (sample data, same answers). See the{' '}
        <a href="/docs/api" className="underline">
          API reference
        </a>
        .
      </p>
      <NewKeyForm origin={origin} />
      <ManageKey origin={origin} timeZone={timeZone} />
      <p className="text-sm text-muted">
        Keys look like <code>sl_</code> + 36 characters with a checksum, so secret scanners can spot a leaked one:
        rotate it here at once. Pro and enterprise plans are set by the operator (
        <code>npm run cli -- keys create --plan pro</code>).
      </p>
    </article>
  );
}
