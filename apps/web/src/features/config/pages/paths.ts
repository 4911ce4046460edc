/** The screens of the configuration area (apps/web/src/app/navigation.ts registers them). */
export const AP_LIST_PATH = '/deviceconf/ap';
export const AP_FORM_PATH = '/deviceconf/apform';
export const WIRELESS_PATH = '/deviceconf/wireless';
export const SWITCH_LIST_PATH = '/deviceconf/switch';
export const SWITCH_FORM_PATH = '/deviceconf/switchform';
export const ROUTER_LIST_PATH = '/deviceconf/routerConfig';
export const ROUTER_FORM_PATH = '/deviceconf/routerform';
export const DELIVERY_PATH = '/deviceconf/conf';
export const HISTORY_PATH = '/deviceconf/configHistory';
