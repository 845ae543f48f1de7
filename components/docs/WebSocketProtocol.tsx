/** The WebSocket protocol beside the REST reference on /docs/api (the long form is docs/websocket.md). */

const MESSAGES: [string, string][] = [
  [
    '{"channel":"football.live","league":"world-cup"}',
    '{"type":"subscribed","channel","league","seq","snapshot":[LiveMatch…]}',
  ],
  [
    '{"channel":"football.odds"}',
    '{"type":"subscribed","channel","league","seq"}, then {"type":"odds","fixture_id","seq","ticks":[OddsTick…]} per batch',
  ],
  [
    '{"type":"unsubscribe","channel":"football.live","league":"world-cup"}',
    '{"type":"unsubscribed","channel","league"}',
  ],
  ['{"type":"ping"}', '{"type":"pong","seq"}'],
  ['anything malformed', '{"type":"error","code","message"} (the connection stays open)'],
];

/** Connection, messages and updates of /v1/ws (and /sandbox/v1/ws). */
export function WebSocketProtocol() {
  return (
    <section id="websocket" className="grid gap-2 rounded border border-line bg-card p-3">
      <h2 className="text-lg font-semibold">
        <code>WebSocket /v1/ws</code>
      </h2>
      <p>
        The same events as REST, pushed. Connect with <code>Authorization: Bearer $API_KEY</code> (or{' '}
        <code>?api_key=</code> where headers cannot be set); the sandbox&apos;s socket is <code>/sandbox/v1/ws</code>,
        no key, 5 connections per address. On connect the server sends{' '}
        <code>{'{"type":"welcome","protocol":"scoreline.v1","heartbeat_ms":30000,"seq":N}'}</code>.
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">WebSocket messages</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1">
              client sends
            </th>
            <th scope="col" className="py-1">
              server answers
            </th>
          </tr>
        </thead>
        <tbody>
          {MESSAGES.map(([send, answer]) => (
            <tr key={send} className="border-t border-line align-top">
              <td className="break-all py-1 pr-3">
                <code>{send}</code>
              </td>
              <td className="break-all">
                <code>{answer}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        For every stored event of a subscribed match:{' '}
        <code>{'{"type":"update","channel","league","seq","event_id","data":LiveMatch,"event":MatchEvent}'}</code>.{' '}
        <code>seq</code> is the global, gap-free event sequence. The server pings every 30 s and drops connections that
        do not answer; past a plan&apos;s connection cap the upgrade is answered 429.
      </p>
    </section>
  );
}
