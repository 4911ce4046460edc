/** The screens of the firmware area (apps/web/src/app/navigation.ts registers them). */
export const FW_LIBRARY_PATH = '/fwconf/info';
export const FW_UPLOAD_PATH = '/fwconf/upload';
export const FW_UPGRADE_PATH = '/fwconf/fw';
export const FW_HISTORY_PATH = '/fwconf/fwHistory';
