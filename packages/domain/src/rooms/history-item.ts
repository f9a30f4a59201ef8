/** What a room history entry is about, on one line: 'Term sheet · Page 5', 'NDA · signed'. */
export function historyItem(entry: { label: string; sublabel: string; page: number | null }): string {
  const page = entry.page === null ? '' : `Page ${entry.page}`;
  // Previews record the page both as their detail ('Page 5') and as the page: say it once.
  const detail = entry.sublabel.trim().toLowerCase() === page.toLowerCase() ? '' : entry.sublabel;
  return [entry.label, detail, page].filter(Boolean).join(' · ') || '--';
}
