/**
 * The report page's inline style and script: no font, image or script is fetched (the page's
 * Content-Security-Policy forbids it), so the file opens the same from a CI artifact, offline.
 * Colours: calm, and never the only signal — every light also has a shape and a glyph.
 */

export const CSS = `
:root {
  color-scheme: light dark;
  --bg: #f6f6f3; --card: #ffffff; --ink: #1d2125; --muted: #5d646d; --line: #e2e3de; --hi: #fff4cc;
  --red: #d0463f; --green: #23915a; --refactor: #3867d0; --refused: #e6a817; --refused-ink: #3b2b00; --off: #8a9099;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #131518; --card: #1b1e22; --ink: #e5e7ea; --muted: #9ba2ab; --line: #2c3036; --hi: #3a3420; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1060px; margin: 0 auto; padding: 32px 24px 56px; }
h1 { font-size: 1.55rem; margin: 0; letter-spacing: -0.01em; }
h2 { font-size: 1.05rem; margin: 0; }
h3 { font-size: .8rem; margin: 0 0 8px; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; font-weight: 600; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .88em; }
.muted { color: var(--muted); }
.sub { margin: 4px 0 24px; color: var(--muted); }
.panel { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; margin: 0 0 16px; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(112px, 1fr)); gap: 10px; margin: 0 0 16px; }
.stats > div { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px; }
.stats dt { color: var(--muted); font-size: .72rem; text-transform: uppercase; letter-spacing: .05em; line-height: 1.3; }
.stats dd { margin: 2px 0 0; font-size: 1.3rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.legend ul { display: flex; flex-wrap: wrap; gap: 10px 22px; list-style: none; margin: 0; padding: 0; }
.legend li { display: flex; align-items: center; gap: 8px; font-size: .88rem; }
.notes { margin: 10px 0 0; padding-left: 18px; color: var(--muted); font-size: .88rem; }
.tally { flex-direction: column; }
.task-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
.status { font-size: .75rem; font-weight: 600; padding: 1px 10px; border-radius: 999px; border: 1.5px solid currentColor; }
.status--red { color: var(--red); } .status--green, .status--refactored { color: var(--green); }
.status--regression, .status--false-fail { color: #b07d00; } .status--off, .status--refused, .status--denied { color: var(--muted); }
.lights { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; list-style: none; margin: 14px 0 12px; padding: 0; }
.lights li { display: flex; align-items: center; }
.lights li.cycle::before { content: ""; width: 1px; height: 24px; background: var(--line); margin: 0 8px 0 4px; }
.light { display: inline-grid; place-items: center; flex: none; width: 30px; height: 30px; border-radius: 50%; border: 2px solid transparent;
  color: #fff; font: 700 13px/1 system-ui, sans-serif; text-decoration: none; }
.light--red { background: var(--red); }
.light--green { background: var(--green); }
.light--refactor { background: var(--refactor); border-radius: 8px; }
.light--refused { background: var(--refused); color: var(--refused-ink); border-radius: 5px; }
.light--off { background: transparent; border: 2px dashed var(--off); color: var(--off); }
.light--regression { background: repeating-linear-gradient(135deg, var(--red) 0 5px, var(--green) 5px 10px); }
.light--false-fail { background: repeating-linear-gradient(135deg, var(--green) 0 5px, var(--refused) 5px 10px); }
.light--regression, .light--false-fail { text-shadow: 0 0 3px #000, 0 0 1px #000; }
a.light:hover, a.light:focus-visible { outline: 2px solid var(--ink); outline-offset: 2px; }
.light.small { width: 20px; height: 20px; font-size: 10px; border-width: 1.5px; }
.facts { display: flex; flex-wrap: wrap; gap: 2px 20px; margin: 0; font-size: .88rem; }
.facts div { display: flex; gap: 6px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; font-variant-numeric: tabular-nums; }
details { margin-top: 10px; }
summary { cursor: pointer; color: var(--muted); font-size: .88rem; }
summary:hover { color: var(--ink); }
.table { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: .86rem; margin-top: 8px; }
th, td { text-align: left; padding: 6px 8px; border-top: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; font-size: .72rem; text-transform: uppercase; letter-spacing: .05em; border-top: 0; }
td.kind { white-space: nowrap; }
td.kind .light { vertical-align: middle; margin-right: 6px; }
td.when { white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
td.subject { overflow-wrap: anywhere; }
tr:target { background: var(--hi); }
.tools { display: flex; justify-content: space-between; align-items: baseline; margin: 24px 0 8px; }
button { font: inherit; font-size: .85rem; color: var(--ink); background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 4px 12px; cursor: pointer; }
button:hover { border-color: var(--muted); }
footer { margin-top: 32px; color: var(--muted); font-size: .82rem; }
`;

/** Progressive: the page is complete without it. It opens the steps a light links to, and expands or collapses all. */
export const SCRIPT = `
(function () {
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var row = id ? document.getElementById(id) : null;
    if (!row) return;
    var details = row.closest('details');
    if (details) details.open = true;
    row.scrollIntoView({ block: 'center' });
  }
  window.addEventListener('hashchange', reveal);
  reveal();
  var button = document.getElementById('toggle-all');
  if (!button) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    var all = document.querySelectorAll('details.steps');
    var open = button.getAttribute('aria-pressed') !== 'true';
    all.forEach(function (d) { d.open = open; });
    button.setAttribute('aria-pressed', String(open));
    button.textContent = open ? 'Collapse all steps' : 'Expand all steps';
  });
})();
`;
