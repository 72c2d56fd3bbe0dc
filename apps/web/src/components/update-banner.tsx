import { useState, useSyncExternalStore } from 'react';
import { appUpdate } from '../lib/app-update';
import { PlainButton } from './plain-button';
import './update-banner.css';

/**
 * "A new version of Fieldbook is ready." with Reload to update, while the service worker holds a new version: the
 * page goes on with the version it started with until the user chooses, so nothing typed is lost to a reload. In
 * the first download, so drawn with `PlainButton`, not Mantine's Button.
 */
export function UpdateBanner() {
  const reload = useSyncExternalStore(appUpdate.subscribe, appUpdate.waiting);
  const [reloading, setReloading] = useState(false);
  if (!reload) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version of Fieldbook is ready.</span>
      <PlainButton
        type="button"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void reload();
        }}
      >
        Reload to update
      </PlainButton>
    </div>
  );
}
