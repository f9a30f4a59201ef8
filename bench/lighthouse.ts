/**
 * Lighthouse (the npm package, mobile defaults: a mid-range phone, 4x CPU slowdown, slow 4G, simulated)
 * on the pages a phone opens most: /login, a room's guest view, a signing page, an outside form and the
 * signed-in home, in Debian's Chromium (CHROME_PATH, else /usr/bin/chromium). Charter runs in its own
 * process serving the built web app (`npm run build` first). Part of `npm run bench`;
 * `npx tsx bench/lighthouse.ts` runs it alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { webDist } from '../packages/web/scripts/bundle-size.ts';
import { makeAuditedPages } from './page-data.ts';
import { createScenario } from './scenario.ts';
import { startCharter } from './servers.ts';
import { formatTable } from './table.ts';

/** The flags of the e2e suite's Chromium: no sandbox (root in CI), nothing fetched in the background. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type PageAudit = {
  page: string;
  url: string;
  /** 0-100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse noted about the run (a page that did not load, a throttled CPU). */
  warnings: string[];
};

/** Issue 26: >= 90 on the pages a visitor or a signing-in user opens, >= 75 on the signed-in home. */
const TARGETS = { score: { default: 90, home: 75 }, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

export async function auditPages(port: number): Promise<PageAudit[]> {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('the web app is not built: run `npm run build` first');
  const charter = await startCharter(port, { WEB_DIST: webDist });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const scenario = await createScenario(charter.url);
    const pages = await makeAuditedPages(charter.url, charter.dataDir, scenario);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const audits: PageAudit[] = [];
    for (const [name, url] of [
      ['/login', pages.login],
      ['room (guest view)', pages.room],
      ['signing page', pages.signing],
      ['outside form', pages.outsideForm],
      ['signed-in home', pages.home],
    ] as const) {
      console.log(`Lighthouse: ${name}…`);
      // A fresh tab each: the signed-in home's with the sign-in's cookies, every other page's without.
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        if (url === pages.home)
          await page.setCookie(
            ...pages.cookies.map((c) => ({ ...c, url: new URL(c.path, charter.url).toString() })),
          );
        const result = await lighthouse(
          url,
          { onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
          undefined,
          page,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError)
          throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        saveFinalScreenshot(name, lhr.audits['final-screenshot']?.details);
        audits.push({
          page: name,
          url: new URL(url).pathname,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: Number(metric('cumulative-layout-shift').toFixed(3)),
          warnings: lhr.runWarnings.map(String),
        });
        // The signed-in home must really be the home, not the login page it would fall back to.
        if (url === pages.home && !new URL(lhr.finalDisplayedUrl).pathname.endsWith('/home'))
          throw new Error(`the signed-in home ended at ${lhr.finalDisplayedUrl}: the sign-in did not hold`);
      } finally {
        await context.close();
      }
    }
    await browser.disconnect();
    return audits;
  } finally {
    chrome.kill();
    await charter.stop();
  }
}

const RESULTS = path.join(import.meta.dirname, 'results');

/** What the page showed when Lighthouse was done (bench/results/lighthouse-<page>.jpg): the right page? */
function saveFinalScreenshot(page: string, details: unknown) {
  const data = (details as { type?: string; data?: string } | undefined)?.data;
  if (!data?.startsWith('data:image/jpeg;base64,')) return;
  fs.mkdirSync(RESULTS, { recursive: true });
  const slug = page
    .replace(/[^a-z]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  fs.writeFileSync(path.join(RESULTS, `lighthouse-${slug}.jpg`), Buffer.from(data.split(',')[1], 'base64'));
}

/** A table of the scores; with `verdicts`, each page's budget as met or MISSED. */
export function describeAudits(audits: PageAudit[], verdicts: boolean) {
  const rows = audits.map((a) => {
    const target = a.page === 'signed-in home' ? TARGETS.score.home : TARGETS.score.default;
    const met =
      a.performance >= target && a.lcpMs < TARGETS.lcpMs && a.tbtMs < TARGETS.tbtMs && a.cls < TARGETS.cls;
    return [
      a.page,
      String(a.performance),
      `${(a.lcpMs / 1000).toFixed(1)} s`,
      `${a.tbtMs} ms`,
      String(a.cls),
      verdicts ? `>= ${target}: ${met ? 'met' : 'MISSED'}` : '',
    ];
  });
  const table = formatTable(['Page', 'Performance', 'LCP', 'TBT', 'CLS', 'Target'], rows);
  const warnings = audits.flatMap((a) => a.warnings.map((w) => `${a.page}: ${w}`));
  return [
    table,
    `Targets: LCP < ${TARGETS.lcpMs / 1000} s, TBT < ${TARGETS.tbtMs} ms, CLS < ${TARGETS.cls} on every page`,
    ...warnings,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const audits = await auditPages(Number(process.env.BENCH_PORT ?? 3290) + 20);
  console.log(describeAudits(audits, true));
}
