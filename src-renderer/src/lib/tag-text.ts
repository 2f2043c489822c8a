/** The tags typed in a tag field: comma-separated, trimmed, the empty ones dropped ("wide, , easy " -> wide, easy). */
export function tagsFromText(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}
