/** The ICP filing number from app.json icp, linked to the filing site; nothing when not configured. */
import { appConfig } from '../config';

export function IcpFooter() {
  const icp = appConfig.icp;
  if (!icp?.number) return null;
  return (
    <footer className="shell-footer" data-testid="icp-footer">
      <a href={icp.url} target="_blank" rel="noopener noreferrer">
        {icp.number}
      </a>
    </footer>
  );
}
