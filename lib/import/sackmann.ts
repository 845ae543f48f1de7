/*
 * Jeff Sackmann tennis data (github.com/JeffSackmann, CC BY-NC-SA 4.0 — non-commercial,
 * share-alike; credit "Tennis databases by Jeff Sackmann / Tennis Abstract"). Formats: shared
 * data README "Jeff Sackmann tennis", tennis_atp/matches_data_dictionary.txt.
 *   sackmann-atp  atp_matches_<year>.csv: one finished match per row, winner_/loser_ columns.
 *   sackmann-pbp  pbp_matches_*.csv (tennis_pointbypoint): one match per row, points in `pbp`.
 *
 * Split: ./sackmann-csv.ts (CSV reading, default start time), ./sackmann-atp.ts (results),
 * ./sackmann-pbp.ts (point by point); this module re-exports them.
 */

export { SACKMANN_DEFAULT_START_UTC } from './sackmann-csv';
export { parseAtpScore, parseSackmannAtp, type ScoreSet } from './sackmann-atp';
export { formatSetScores, parsePbpDate, parseSackmannPbp, pbpMatchFormat } from './sackmann-pbp';
