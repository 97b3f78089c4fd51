/**
 * Composition root: the generated screens and icons, the auth schema, the console's registered
 * components, the renderer and zh-CN's shipped messages, handed to the generic shell.
 */
import { lazyPreload } from '../engine/lazy-preload';
import { preloadCellSlots } from '../renderer/list/preload-cells';
import type { Resource } from '../schema';
import { Shell, configureAuth, configureBundledMessages } from '../shell';
import { screens } from '../generated/routes';
import { optionReaders } from '../generated/option-access';
import authSchema from '../../schemas/auth.json';
// The console's own components register themselves with the renderer's registries.
import '../screens';

configureAuth(authSchema as unknown as Resource);
// zh-CN's messages for when /locales/zh-CN.json cannot be fetched: a chunk loaded only then (bundled-messages.ts).
configureBundledMessages(() => import('./bundled-messages').then((m) => m.BUNDLED_ZH));

// Loaded with the user's routes (preloadScreenView) and rendered without a fallback once loaded.
const ScreenView = lazyPreload(() => import('./ScreenView'));

// Every schema file as its own lazy chunk, for Runtime.loadResource (ref fields, embedded forms).
const schemaFiles = import.meta.glob<{ default: unknown }>('../../schemas/*.json');
async function loadResource(name: string): Promise<Resource | undefined> {
  if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name) || name === 'app') return undefined;
  const load = schemaFiles[`../../schemas/${name}.json`];
  return load ? ((await load()).default as Resource) : undefined;
}

/** The renderer's code, and with a screen's schema its list's cell slots: a page load's rows may be in before its first render. */
function preloadScreen(resource?: Resource): Promise<void> {
  return resource ? preloadCellSlots(resource) : ScreenView.preload().catch(() => undefined);
}

// Menu icons load with the layout, not with the sign-in page.
const loadIcons = () => import('../generated/icons').then((m) => m.icons);

export function App() {
  return (
    <Shell
      screens={screens}
      loadIcons={loadIcons}
      ScreenView={ScreenView}
      preloadScreenView={preloadScreen}
      loadResource={loadResource}
      optionReaders={optionReaders}
    />
  );
}
