/** What other code uses of notifications: the listeners the composition root registers, and the calls. */
export { notifyBuildFailed, notifyVideoFailed, notifyVideoReady } from './listeners.ts';
export { notificationRoutes } from './routes.ts';
