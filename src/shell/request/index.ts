/**
 * The request layer's public surface (generated services import `callApi` from '../shell/request').
 *
 * @example
 * import { callApi } from '../shell/request';
 * const data = await callApi<{ token: string }>(auth.api.login, { username, password });
 */
export { callApi, interpret, isPublicCall, callHeaders, type ShellCallOptions } from './client';
export { uploadFile, fileUrl, UPLOAD_BINDING } from './upload';
export { downloadFile, fileNameFromDisposition } from './download';
export { apiPath, apiUrl, isExemptPath } from './paths';
export { parseBody, stringifyBody, toQuery, toFormData } from './encode';
export { setRequestHooks, requestHooks, type RequestHooks } from './hooks';
