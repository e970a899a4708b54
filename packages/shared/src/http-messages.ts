/** Messages the web app shows for HTTP failures (product spec 8). */
export const httpStatusMessages: Readonly<Record<number, string>> = {
  400: '错误请求',
  401: '未授权，请重新登录',
  403: '拒绝访问',
  404: '请求错误,未找到该资源',
  405: '请求方法未允许',
  408: '请求超时',
  500: '服务器端出错',
  501: '网络未实现',
  502: '网络错误',
  503: '服务不可用',
  504: '网络超时',
  505: 'http版本不支持该请求',
};

/** The text for a failed HTTP status: the catalogue's, or 连接错误 followed by the status. */
export function httpStatusMessage(status: number): string {
  return httpStatusMessages[status] ?? `连接错误${status}`;
}

/** The same messages in English, for a screen in English (spec 8 gives the Chinese ones). */
export const httpStatusMessagesEn: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Not authorised; please sign in again',
  403: 'Access denied',
  404: 'Request failed: not found',
  405: 'Request method not allowed',
  408: 'Request timed out',
  500: 'Server error',
  501: 'Not implemented',
  502: 'Network error',
  503: 'Service unavailable',
  504: 'Network timeout',
  505: 'HTTP version not supported',
};

/** The English text for a failed HTTP status: the catalogue's, or "Connection error" and the status. */
export function httpStatusMessageEn(status: number): string {
  return httpStatusMessagesEn[status] ?? `Connection error ${status}`;
}

export const HTTP_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const NO_RESPONSE_TIMEOUT_MESSAGE = '服务器响应超时，请刷新当前页';
export const CONNECTION_FAILED_MESSAGE = '连接服务器失败';
export const NO_RESPONSE_TIMEOUT_MESSAGE_EN = 'The server did not answer in time; please reload the page';
export const CONNECTION_FAILED_MESSAGE_EN = 'Could not connect to the server';
