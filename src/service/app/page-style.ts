/** The one style sheet, inline in every page (the CSP allows it by hash): nothing is loaded from anywhere. */
export const PAGE_STYLE = `
:root{color-scheme:light;--ink:#1b2430;--muted:#5a6472;--line:#d5dbe3;--accent:#0b5cad;--bg:#f6f8fa;--sel:#e3efff;--warn:#8a4b00}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem}
header.site{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.75rem 1rem;background:#13263d;color:#fff}
header.site a{color:#fff}
header.site .brand{font-weight:700;text-decoration:none}
header.site nav ul{display:flex;gap:1rem;list-style:none;margin:0;padding:0}
header.site form{margin-left:auto}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
h3{font-size:1.05rem;margin:1rem 0 .5rem}
.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin-bottom:1rem}
.search label{display:block;font-weight:600;width:100%}
input[type=search],input[type=password]{font:inherit;padding:.5rem;border:1px solid #8793a3;border-radius:4px;min-width:0;flex:1 1 16rem;max-width:32rem}
button{font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:var(--accent);color:#fff;cursor:pointer}
header.site button{background:transparent;border:1px solid #fff;padding:.25rem .75rem}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{background:#eef2f6}
tr.selected{background:var(--sel)}
.notice{padding:.75rem 1rem;border-left:4px solid var(--warn);background:#fff7ea;margin:0 0 1rem}
.error{border-left-color:#b00020;background:#fdecee}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;background:#fff;padding:.75rem 1rem;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
.pager{display:flex;gap:1rem;margin:1rem 0}
.muted{color:var(--muted)}
.route-map{width:100%;height:auto;max-height:70vh;display:block;border:1px solid var(--line)}
.route-map .sea{fill:#dcecf7}
.route-map .land{fill:#f3efe4;stroke:#b9b29f;stroke-width:.6}
.route-map .route-past{fill:none;stroke:#0b5cad;stroke-width:3}
.route-map .route-estimated{fill:none;stroke:#0b5cad;stroke-width:2.5;stroke-dasharray:8 6}
.route-map .port circle{fill:#fff;stroke:#13263d;stroke-width:2.5}
.route-map .port text{font:bold 18px system-ui,sans-serif;fill:#13263d;paint-order:stroke;stroke:#fff;stroke-width:3px}
.route-map .vessel path{fill:#c2410c;stroke:#fff;stroke-width:1.5}
.signin{max-width:28rem;background:#fff;padding:1rem 1.5rem;border:1px solid var(--line)}
.signin label{display:block;font-weight:600;margin-bottom:.25rem}
.signin input{width:100%;max-width:none;margin-bottom:1rem}
@media (max-width:40rem){main{padding:.5rem}h1{font-size:1.25rem}th,td{padding:.3rem .4rem;font-size:.9rem}dl.facts{grid-template-columns:1fr}}
`;
