/**
 * What a page shows when a piece of its code is gone because a new version of the console was
 * deployed while it was open (the old build's hashed chunks no longer exist): a message and a reload
 * button, instead of a blank screen or an error page that would itself need a missing chunk. Not
 * lazy and no antd Result (whose illustrations are a lazy chunk of their own): everything it needs is
 * already loaded.
 *
 * @example
 * if (isStaleBuildError(error)) return <StaleBuildPage />;
 */
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';

export function StaleBuildPage() {
  return (
    <div className="shell-result" data-testid="stale-build" role="alert">
      <div className="shell-stale">
        <h2 className="shell-stale__title">
          <FormattedMessage id="error.staleBuild.title" />
        </h2>
        <p className="shell-stale__text">
          <FormattedMessage id="error.staleBuild.description" />
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="error.staleBuild.reload" />
        </Button>
      </div>
    </div>
  );
}
