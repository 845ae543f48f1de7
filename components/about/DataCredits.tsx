/** Data sources and the notices their licences require (datasets/README.md has the full list). */
export function DataCredits() {
  return (
    <section>
      <h1>About Scoreline &amp; data credits</h1>
      <p>Scoreline is a self-hosted live sports data service. The bundled data are real public datasets, replayed as live.</p>
      <ul>
        <li>
          <strong>openfootball</strong> (football.json, worldcup.json, euro.json) — public domain (CC0 1.0). Thanks to the openfootball project.
        </li>
        <li>
          <strong>Data provided by StatsBomb</strong> — StatsBomb Open Data, used under the{' '}
          <a href="https://github.com/statsbomb/open-data/blob/master/LICENSE.pdf">StatsBomb Public Data User Agreement</a>; by using the
          StatsBomb data you accept that agreement. <span aria-label="StatsBomb logo" className="statsbomb-logo">StatsBomb</span>
        </li>
        <li>
          <strong>Football results and odds data from Football-Data.co.uk</strong> (Joseph Buchdahl).
        </li>
      </ul>
    </section>
  );
}
