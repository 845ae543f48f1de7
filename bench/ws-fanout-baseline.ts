/**
 * Child process of bench/ws-fanout.ts: the baseline, a bare `ws` WebSocketServer on 127.0.0.1 and
 * a free port, alone in its process so its RSS is comparable with the Scoreline server's. Not
 * meant to be run by hand.
 *
 * No auth, no validation, no store: a text message with `"type":"subscribe"` adds the socket to a
 * set and is answered `{"type":"subscribed"}`; a closed socket leaves the set.
 *
 * IPC commands from the parent:
 * - `{type:'send', i, msg}`: stamps the monotonic clock, JSON.stringifies `msg` (a real `update`
 *   payload captured from the Scoreline run, so same size and shape) once and sends it to every
 *   subscribed socket with `ws.send` (the naive broadcast of ws's README); answers `{type:'sent', i,
 *   seq, t_ingest, t_publish, t_fanout_done, t_resolved, cpu_us}` with the same meaning as the
 *   Scoreline child's (t_ingest = t_publish: the message in hand, before JSON.stringify; send loop
 *   returned; its user + system CPU time).
 *   With `FANOUT=frame-once` in its environment (bench/ws-fanout.ts `--floor`) it frames the text
 *   once and writes that Buffer to every socket with Scoreline's own server/ws/frame.ts
 *   (`shareFrame`, `sendShared`) and nothing else around it: the floor of Scoreline's fan-out.
 * - `{type:'mem'}`: answers `{type:'mem', rss, peak_rss, max_rss, heap_used, external, array_buffers}` (bytes,
 *   after full GCs when run with --expose-gc; peak_rss = highest RSS sampled every 100 ms since
 *   ready; max_rss = getrusage peak of the whole life, start-up included).
 * - `{type:'stop'}`: closes every socket and exits.
 *
 * Times are `process.hrtime` (CLOCK_MONOTONIC) in ms: one clock for every process on the machine.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { sendShared, shareFrame } from '../server/ws/frame';
import { now } from './lib/clock';
import { reportMemory, sampleRssPeak, toParent as send } from './lib/in-child';

const FRAME_ONCE = process.env.FANOUT === 'frame-once';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 16 * 1024 });
const subscribers = new Set<WebSocket>();

wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    let msg: { type?: unknown } | null = null;
    try {
      msg = JSON.parse(data.toString()) as { type?: unknown };
    } catch {
      return;
    }
    if (msg?.type === 'subscribe') {
      subscribers.add(ws);
      ws.send(JSON.stringify({ type: 'subscribed' }));
    }
  });
  ws.on('close', () => subscribers.delete(ws));
  ws.on('error', () => ws.terminate());
});

wss.on('listening', () => {
  process.on('message', (m: { type: string; i?: number; msg?: { seq: number } }) => {
    if (m.type === 'send') {
      const t_publish = now();
      const cpu = process.cpuUsage();
      const payload = JSON.stringify(m.msg);
      if (FRAME_ONCE) {
        const shared = shareFrame(payload);
        for (const ws of subscribers) if (ws.readyState === ws.OPEN) sendShared(ws, shared);
      } else for (const ws of subscribers) if (ws.readyState === ws.OPEN) ws.send(payload);
      const used = process.cpuUsage(cpu);
      const t_fanout_done = now();
      send({
        type: 'sent',
        i: m.i,
        seq: m.msg!.seq,
        t_ingest: t_publish,
        t_publish,
        t_fanout_done,
        t_resolved: t_fanout_done,
        cpu_us: used.user + used.system,
        status: 'stored',
      });
    } else if (m.type === 'mem') {
      void reportMemory();
    } else if (m.type === 'stop') {
      for (const ws of subscribers) ws.terminate();
      wss.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 2000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
  sampleRssPeak();
  send({ type: 'ready', port: (wss.address() as { port: number }).port });
});
