/**
 * Football club alias table: canonical display name → other spellings used upstream.
 *
 * Canonical names are the common English short club names. Aliases only need to be listed when
 * they differ from the canonical name after `normalizeTeamKey` (lib/catalogue/teams.ts), which
 * already drops case, diacritics, punctuation, affixes such as FC/AFC/SC/VfL and numbers/years;
 * the full openfootball names are listed anyway so the table documents both sources.
 *
 * Sources of spellings: openfootball football.json (`Manchester United FC`, `FC Bayern München`),
 * football-data.co.uk CSV `HomeTeam`/`AwayTeam` (`Man United`, `Bayern Munich`), StatsBomb
 * `team.name` (`Barcelona`). National teams are not listed: every source spells them the same
 * way and unknown names pass through unchanged.
 */
export const TEAM_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // England (Premier League 2023-24, 2024-25 and recent members)
  Arsenal: ['Arsenal FC'],
  'Aston Villa': ['Aston Villa FC', 'Villa'],
  Bournemouth: ['AFC Bournemouth'],
  Brentford: ['Brentford FC'],
  'Brighton & Hove Albion': ['Brighton & Hove Albion FC', 'Brighton', 'Brighton and Hove Albion'],
  Burnley: ['Burnley FC'],
  Chelsea: ['Chelsea FC'],
  'Crystal Palace': ['Crystal Palace FC', 'Palace'],
  Everton: ['Everton FC'],
  Fulham: ['Fulham FC'],
  'Ipswich Town': ['Ipswich Town FC', 'Ipswich'],
  'Leeds United': ['Leeds United FC', 'Leeds'],
  'Leicester City': ['Leicester City FC', 'Leicester'],
  Liverpool: ['Liverpool FC'],
  'Luton Town': ['Luton Town FC', 'Luton'],
  'Manchester City': ['Manchester City FC', 'Man City'],
  'Manchester United': ['Manchester United FC', 'Man United', 'Man Utd'],
  'Newcastle United': ['Newcastle United FC', 'Newcastle'],
  'Nottingham Forest': ['Nottingham Forest FC', "Nott'm Forest", 'Nottm Forest', 'Forest'],
  'Sheffield United': ['Sheffield United FC', 'Sheffield Utd', 'Sheff Utd'],
  Southampton: ['Southampton FC'],
  Sunderland: ['Sunderland AFC'],
  'Tottenham Hotspur': ['Tottenham Hotspur FC', 'Tottenham', 'Spurs'],
  Watford: ['Watford FC'],
  'West Bromwich Albion': ['West Bromwich Albion FC', 'West Brom'],
  'West Ham United': ['West Ham United FC', 'West Ham'],
  'Wolverhampton Wanderers': ['Wolverhampton Wanderers FC', 'Wolves'],
  // Germany (Bundesliga 2024-25 and recent members)
  Augsburg: ['FC Augsburg'],
  'Bayer Leverkusen': ['Bayer 04 Leverkusen', 'Leverkusen'],
  'Bayern Munich': ['FC Bayern München', 'Bayern München', 'FC Bayern Munich', 'Bayern'],
  Bochum: ['VfL Bochum 1848', 'VfL Bochum'],
  'Borussia Dortmund': ['Dortmund', 'BV Borussia 09 Dortmund'],
  'Borussia Mönchengladbach': ["M'gladbach", 'Mönchengladbach', 'Borussia Monchengladbach', 'Gladbach'],
  Darmstadt: ['SV Darmstadt 98', 'Darmstadt 98'],
  'Eintracht Frankfurt': ['Ein Frankfurt', 'Eintracht'],
  Köln: ['1. FC Köln', 'FC Koln', 'Cologne'],
  Freiburg: ['SC Freiburg'],
  Heidenheim: ['1. FC Heidenheim 1846', 'FC Heidenheim'],
  Hoffenheim: ['TSG 1899 Hoffenheim', 'TSG Hoffenheim'],
  'Holstein Kiel': ['Kiel'],
  Mainz: ['1. FSV Mainz 05', 'Mainz 05', 'FSV Mainz'],
  'RB Leipzig': ['Leipzig', 'RasenBallsport Leipzig'],
  'St. Pauli': ['FC St. Pauli 1910', 'FC St. Pauli', 'St Pauli'],
  Stuttgart: ['VfB Stuttgart'],
  'Union Berlin': ['1. FC Union Berlin'],
  'Werder Bremen': ['SV Werder Bremen'],
  Wolfsburg: ['VfL Wolfsburg'],
  // Spain, Italy, France: the most common spellings of the big clubs
  'Athletic Bilbao': ['Athletic Club', 'Ath Bilbao'],
  'Atlético Madrid': ['Club Atlético de Madrid', 'Atletico Madrid', 'Ath Madrid'],
  Barcelona: ['FC Barcelona'],
  Girona: ['Girona FC'],
  'Real Betis': ['Real Betis Balompié', 'Betis'],
  'Real Madrid': ['Real Madrid CF'],
  'Real Sociedad': ['Real Sociedad de Fútbol', 'Sociedad'],
  Sevilla: ['Sevilla FC'],
  Villarreal: ['Villarreal CF'],
  Inter: ['FC Internazionale Milano', 'Internazionale', 'Inter Milan'],
  Juventus: ['Juventus FC'],
  Milan: ['AC Milan'],
  Napoli: ['SSC Napoli'],
  Roma: ['AS Roma'],
  'Paris Saint-Germain': ['Paris Saint-Germain FC', 'Paris SG', 'PSG'],
  Marseille: ['Olympique de Marseille', 'Olympique Marseille'],
  Lyon: ['Olympique Lyonnais', 'Olympique Lyon'],
};
