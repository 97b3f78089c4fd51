/**
 * The console's own screen components, registered with the renderer's registries
 * (`registerScreen(name, lazy(() => import('./<name>/…')))`, `registerSlot(name, Component)`).
 * Imported once by src/app for its side effects. Append one line per component.
 */
import './product/register';
import './merchantAuth/register';
import './merchant/register';
import './order/register';
import './dashboard/register';
import './profile/register';
import './operationLog/register';
import './workbench/register';

export {};
