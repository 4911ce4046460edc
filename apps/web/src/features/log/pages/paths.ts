/** The log screens' addresses (the navigation registry's paths), for links between them. */
export const LOG_LIST_PATH = '/log/list';
export const DEVICE_LOG_PATH = '/log/device';
export const MESSAGE_LIST_PATH = '/log/message';
export const MESSAGE_DETAIL_PATH = '/log/detail';
