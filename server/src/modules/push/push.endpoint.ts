/**
 * Which push endpoints the server may call. The endpoint comes from a browser, so without this check a member
 * could make the server send requests to any address (SSRF). Rules come from PUSH_ENDPOINT_HOSTS (config.ts).
 */

/** Whether `endpoint` is an https URL whose host and port one of the rules allows. */
export function endpointAllowed(endpoint: string, rules: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  // URL drops the default port, so '' is 443.
  const port = url.port || '443';
  return rules.some((rule) => {
    const [ruleHost = '', rulePort = '443'] = rule.split(':');
    if (rulePort !== port) return false;
    if (ruleHost.startsWith('*.')) {
      const domain = ruleHost.slice(1);
      // Any host below the domain, never the domain itself and never a look-alike such as "evilnotify.windows.com".
      return host.endsWith(domain) && host.length > domain.length;
    }
    return host === ruleHost;
  });
}

export const isHttps = (endpoint: string) => {
  try {
    return new URL(endpoint).protocol === 'https:';
  } catch {
    return false;
  }
};
