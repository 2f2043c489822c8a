/**
 * The default session refuses every permission the renderer could check or ask for (camera,
 * notifications, clipboard reads, HID, serial, …): the studio needs none.
 */
import type { Session } from 'electron';

type Lockable = Pick<
  Session,
  'setPermissionCheckHandler' | 'setPermissionRequestHandler' | 'setDevicePermissionHandler'
>;

export function denyAllPermissions(session: Lockable): void {
  session.setPermissionCheckHandler(() => false);
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setDevicePermissionHandler(() => false);
}
