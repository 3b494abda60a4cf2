/**
 * The spec loads a third-party analytics script at startup. Our users are children, so nothing is loaded unless
 * an operator deliberately sets VITE_ANALYTICS_URL at build time.
 */
export function loadAnalytics(url: string | undefined = import.meta.env.VITE_ANALYTICS_URL): void {
  if (!url) return;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.defer = true;
  document.head.append(script);
}
