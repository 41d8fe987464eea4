/**
 * The web app's size budget, enforced by `npm run build` (check-web-budget.ts) and reported by
 * `npm run bench:web`: /chat's first-load JavaScript, gzip level 9, read in kB (1000 bytes), the
 * stricter reading of "150 KB".
 */
export const CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES = 150_000;
export const CHAT_PAGE = 'src/app/routes/chat.tsx';
