/** Data sources and the notices their licences require (datasets/README.md has the full list); the notices stay in English, as their licences word them. */
import { useTranslations } from 'next-intl';

export function DataCredits() {
  const t = useTranslations('about');
  return (
    <section className="prose-sm grid max-w-3xl gap-3">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p>{t('intro')}</p>
      <h2 className="mt-2 text-lg font-semibold">{t('sources')}</h2>
      <ul className="grid list-disc gap-2 pl-5">
        <li>
          <strong>openfootball</strong> (football.json, worldcup.json, euro.json) — public domain (CC0 1.0). Thanks to
          the openfootball project.
        </li>
        <li>
          <strong>Data provided by StatsBomb</strong> — StatsBomb Open Data, used under the{' '}
          <a className="underline" href="https://github.com/statsbomb/open-data/blob/master/LICENSE.pdf">
            StatsBomb Public Data User Agreement
          </a>
          ; by using the StatsBomb data you accept that agreement.{' '}
          <span className="rounded border border-line px-1.5 py-0.5 font-semibold" data-testid="statsbomb-credit">
            StatsBomb
          </span>
        </li>
        <li>
          <strong>Football results and odds data from Football-Data.co.uk</strong> (Joseph Buchdahl).
        </li>
        <li>
          <strong>Tennis results and odds data from Tennis-Data.co.uk</strong> (Joseph Buchdahl): ATP 2024 match days,
          venues and Bet365/Pinnacle odds.
        </li>
        <li>
          <strong>Ball-by-ball data from Cricsheet</strong> (
          <a className="underline" href="https://cricsheet.org">
            https://cricsheet.org
          </a>
          ), ODC-BY 1.0.
        </li>
        <li data-testid="retrosheet-notice">
          The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested
          parties may contact Retrosheet at &quot;www.retrosheet.org&quot;.
        </li>
        <li>
          <strong>Tennis databases by Jeff Sackmann / Tennis Abstract</strong> (
          <a className="underline" href="https://github.com/JeffSackmann">
            github.com/JeffSackmann
          </a>
          ), CC BY-NC-SA 4.0: non-commercial use only; data derived from them is shared under the same licence.
        </li>
        <li>
          <strong>Source: FiveThirtyEight</strong> (NBA and NHL 2022/23 results), CC BY 4.0.
        </li>
        <li>
          <strong>Super Rugby results 1996–2015</strong>, compiled by Kevin Lassen (lassen.co.nz), packaged by
          thmcmahon/superrugby, CC0.
        </li>
        <li>
          <strong>International football results 1872–2026</strong> by Mart Jürisoo (martj42/international_results), CC0
          — the national teams' rating seed of the win probability.
        </li>
        <li>
          <strong>Dota 2 hero names from dotaconstants</strong> (
          <a className="underline" href="https://github.com/odota/dotaconstants">
            github.com/odota/dotaconstants
          </a>
          ), MIT License, Copyright (c) 2017 The OpenDota Project.
        </li>
      </ul>
    </section>
  );
}
