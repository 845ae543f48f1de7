/**
 * The Dota 2 hero table (lib/esports/dota-heroes.ts) on the copied dotaconstants heroes.json:
 * its shape as the package publishes it, and names for the ids the recorded TI 2018 game uses.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOTA_HERO_COUNT, dotaHeroName } from './dota-heroes';

const DIR = new URL('../../datasets/esports/dotaconstants/', import.meta.url);
const raw = JSON.parse(fs.readFileSync(new URL('heroes.json', DIR), 'utf8'));

describe('dotaHeroName', () => {
  it('heroes.json is keyed by id, each entry with its id, npc name and localized name; MIT notice beside it', () => {
    const entries = Object.entries(raw) as [string, any][];
    expect(entries.length).toBe(DOTA_HERO_COUNT);
    expect(DOTA_HERO_COUNT).toBeGreaterThan(120);
    for (const [k, h] of entries) {
      expect(String(h.id)).toBe(k);
      expect(h.name).toMatch(/^npc_dota_hero_/);
      expect(typeof h.localized_name).toBe('string');
    }
    expect(fs.readFileSync(new URL('LICENSE', DIR), 'utf8')).toMatch(/MIT License[\s\S]*The OpenDota Project/);
  });

  it('names by id; null for unknown, null and non-integer ids', () => {
    expect(dotaHeroName(1)).toBe('Anti-Mage');
    expect(dotaHeroName(109)).toBe('Terrorblade');
    expect(dotaHeroName(53)).toBe("Nature's Prophet");
    expect(dotaHeroName(0)).toBeNull();
    expect(dotaHeroName(99_999)).toBeNull();
    expect(dotaHeroName(1.5)).toBeNull();
    expect(dotaHeroName(null)).toBeNull();
    expect(dotaHeroName(undefined)).toBeNull();
  });
});
