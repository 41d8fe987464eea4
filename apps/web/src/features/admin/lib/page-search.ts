/** The query string of a paged admin list: page, pageSize and the filters that are set. */
export function pageSearch(
  page: { page: number; pageSize: number },
  filters: Record<string, string | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value) search.set(name, value);
  }
  search.set('page', String(page.page));
  search.set('pageSize', String(page.pageSize));
  return search.toString();
}
