/**
 * The replay source: plays recorded matches as live through the feed engine's ingest path,
 * like any other source. Its schedule is anchored in the store (replay_channels), so a restart
 * resumes the same cycle and catches up events that fell due while it was down.
 */
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type AnyImportedMatch, isSportMatch } from '@/lib/import/types';
import type { FeedEngine } from '../engine/engine';
import * as t from '../store/schema';
import { REPLAY_CHANNELS, type ReplayChannel } from './channels';
import { archivedReplaySeason, replaySeason, scheduleChannel } from './schedule';

interface Due {
  wallMs: number;
  fixtureId: number;
  event: import('@/lib/match/state').FeedEvent;
}

interface Running {
  def: ReplayChannel;
  cycle: number;
  events: Due[];
  next: number;
  endMs: number;
}

export interface ReplayOptions {
  speed: number;
  leadMs: number;
  tickMs?: number;
  channels?: ReplayChannel[];
}

export class ReplayDriver {
  private readonly running: Running[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  /** Each channel's recorded matches, parsed once per process (see {@link recordedOf}). */
  private readonly recorded = new Map<string, Promise<AnyImportedMatch[]>>();

  constructor(
    private readonly engine: FeedEngine,
    private readonly log: Logger,
    private readonly opts: ReplayOptions,
  ) {}

  /** Loads or starts every channel's cycle, then ticks every `tickMs` (default 200 ms). */
  async start(): Promise<void> {
    for (const def of this.opts.channels ?? REPLAY_CHANNELS) {
      const db = this.engine.store.db;
      const [row] = await db.select().from(t.replayChannels).where(eq(t.replayChannels.channel, def.channel));
      this.running.push(
        row ? await this.prepare(def, row.cycle, Date.parse(row.anchorAt), row.speed) : await this.newCycle(def, 1),
      );
    }
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.tickMs ?? 200);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Matches currently scheduled per channel (for feed health / logs). */
  status(): { channel: string; cycle: number; pending: number }[] {
    return this.running.map((r) => ({ channel: r.def.channel, cycle: r.cycle, pending: r.events.length - r.next }));
  }

  private async newCycle(def: ReplayChannel, cycle: number): Promise<Running> {
    const anchorMs = Date.now();
    if (cycle > 1) await this.archiveCycle(def, cycle - 1);
    await this.engine.store.db
      .insert(t.replayChannels)
      .values({ channel: def.channel, cycle, anchorAt: new Date(anchorMs).toISOString(), speed: this.opts.speed })
      .onConflictDoUpdate({
        target: t.replayChannels.channel,
        set: { cycle, anchorAt: new Date(anchorMs).toISOString(), speed: this.opts.speed },
      });
    this.log.info({ channel: def.channel, cycle, speed: this.opts.speed }, 'replay cycle starts');
    return this.prepare(def, cycle, anchorMs, this.opts.speed);
  }

  /**
   * A channel's recorded matches: its files are read and parsed once per process, and every call
   * gets its own deep copy. Parsing on every cycle end (twice: archive, then prepare) blocked the
   * event loop for seconds at a time — 18 s for the ATP 2017 file under a loaded CI machine.
   */
  private async recordedOf(def: ReplayChannel): Promise<AnyImportedMatch[]> {
    let loaded = this.recorded.get(def.channel);
    if (!loaded) {
      loaded = def.load();
      this.recorded.set(def.channel, loaded);
      loaded.catch(() => this.recorded.delete(def.channel)); // a failed read is tried again next time
    }
    return structuredClone(await loaded);
  }

  /**
   * Moves the finished cycle's seasons (`<season>-replay`) to their archive label
   * (`<season>-replay-<cycle>`, the next free number), so the channel's running season label stays
   * one: lists and defaults show the new cycle, the archived one stays addressable by its label.
   */
  private async archiveCycle(def: ReplayChannel, finished: number): Promise<void> {
    const db = this.engine.store.db;
    const keys = new Map((await this.recordedOf(def)).map((m) => [`${m.competition}|${m.season}`, m]));
    for (const m of keys.values()) {
      const live = and(
        eq(t.competitions.sport, def.sport),
        eq(t.competitions.slug, m.competition),
        eq(t.competitions.season, replaySeason(m.season)),
      );
      const [running] = await db.select({ id: t.competitions.id }).from(t.competitions).where(live);
      if (!running) continue;
      let n = finished;
      const taken = async (label: string) =>
        (
          await db
            .select({ id: t.competitions.id })
            .from(t.competitions)
            .where(
              and(
                eq(t.competitions.sport, def.sport),
                eq(t.competitions.slug, m.competition),
                eq(t.competitions.season, label),
              ),
            )
        ).length > 0;
      while (await taken(archivedReplaySeason(m.season, n))) n++;
      await db
        .update(t.competitions)
        .set({ season: archivedReplaySeason(m.season, n) })
        .where(eq(t.competitions.id, running.id));
      this.engine.referenceVersion += 1; // reference data changed outside engine.write: cached reads rebuild
      this.log.info(
        { channel: def.channel, league: m.competition, season: archivedReplaySeason(m.season, n) },
        'replay cycle archived',
      );
    }
  }

  /** Creates (or finds) the cycle's fixtures and lays out its events in wall-clock order. */
  private async prepare(def: ReplayChannel, cycle: number, anchorMs: number, speed: number): Promise<Running> {
    const recorded = await this.recordedOf(def);
    const schedule = scheduleChannel(def.channel, cycle, recorded, anchorMs, speed, this.opts.leadMs);
    const bySeason = new Map<string, typeof schedule.matches>();
    for (const s of schedule.matches) {
      const k = `${s.match.competition}|${s.match.season}`;
      bySeason.set(k, [...(bySeason.get(k) ?? []), s]);
    }
    const events: Due[] = [];
    for (const group of bySeason.values()) {
      const { season } = group[0].match;
      const summary = await this.engine.importMatches(
        group.map((s) => {
          const scheduled = {
            source_key: `replay/${def.channel}/c${cycle}/${s.match.source_key}`,
            kickoff: new Date(s.kickoffMs).toISOString(),
            status: 'scheduled' as const,
            result: null,
            events: [],
            stats: null,
          };
          return isSportMatch(s.match) ? { ...s.match, ...scheduled } : { ...s.match, ...scheduled, odds: [] };
        }),
        { source: 'replay', competition: { season: replaySeason(season), replayOf: season } },
      );
      group.forEach((s, i) => {
        for (const e of s.events) events.push({ ...e, fixtureId: summary.fixture_ids[i] });
      });
    }
    events.sort((a, b) => a.wallMs - b.wallMs);
    return { def, cycle, events, next: 0, endMs: schedule.endMs };
  }

  /** Ingests every event that has fallen due, one batch per channel; starts new cycles. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (let i = 0; i < this.running.length; i++) {
        const r = this.running[i];
        let end = r.next;
        while (end < r.events.length && r.events[end].wallMs <= now) end++;
        if (end > r.next) {
          const batch = r.events.slice(r.next, end);
          const outcomes = await this.engine.ingest(
            batch.map((d) => ({
              fixture_id: d.fixtureId,
              event: d.event,
              occurred_at: new Date(d.wallMs).toISOString(),
            })),
            'replay',
          );
          for (const o of outcomes)
            if (o.status === 'rejected') this.log.warn({ channel: r.def.channel, ...o }, 'replay event rejected');
          r.next = end;
        }
        if (r.next >= r.events.length && now >= r.endMs) this.running[i] = await this.newCycle(r.def, r.cycle + 1);
      }
    } catch (err) {
      this.log.error({ err }, 'replay tick failed; retrying');
    } finally {
      this.ticking = false;
    }
  }
}
