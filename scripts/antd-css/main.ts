/**
 * `NODE_ENV=production tsx scripts/antd-css/main.ts`: prints the static antd stylesheet (extract.tsx)
 * to stdout. Run by the build (the `antd-static-css` plugin in vite.config.ts), in its own process:
 * antd names its class hashes by NODE_ENV when its modules load ("css-…" in production,
 * "css-dev-only-do-not-override-…" otherwise), so the stylesheet must come from a production load
 * to match the built app.
 */
if (process.env.NODE_ENV !== 'production') {
  console.error('antd-css: run with NODE_ENV=production (antd names its class hashes by it; the built app runs in production)');
  process.exit(2);
}
const { extractAntdCss } = await import('./extract');
process.stdout.write(extractAntdCss());

export {};
