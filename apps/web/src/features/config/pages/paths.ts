/** The two screens of the AP profiles (apps/web/src/app/navigation.ts registers them). */
export const AP_LIST_PATH = '/deviceconf/ap';
export const AP_FORM_PATH = '/deviceconf/apform';
